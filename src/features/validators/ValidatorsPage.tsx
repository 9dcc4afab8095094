import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { OwnerAddressForm } from "../../components/owner/OwnerAddressForm.tsx";
import { ownerScopeOf } from "../../components/owner/owner-scope-of.ts";
import { useViewedOwner } from "../../components/owner/use-viewed-owner.ts";
import { SsvClustersSection } from "../../components/ssv/SsvClustersSection.tsx";
import { TransactionPanel } from "../../components/transaction/TransactionPanel.tsx";
import { type TransactionFlow, useTransactionFlow } from "../../components/transaction/use-transaction-flow.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { EmptyState } from "../../components/ui/empty-state/EmptyState.tsx";
import { useWallet } from "../../components/wallet/use-wallet.ts";
import type { ListedValidator } from "../../core/api/validators.ts";
import { AppError } from "../../core/app-error.ts";
import { environmentChain } from "../../core/network-environment.ts";
import type { Network } from "../../generated/index.ts";
import { ownerQueryKey } from "../../lib/api/owner-query-key.ts";
import { validatorsQueryOptions } from "../../lib/api/validators-query.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";
import { ConsolidateDialog } from "./ConsolidateDialog.tsx";
import { ConsolidationSummary } from "./ConsolidationSummary.tsx";
import { TopUpDialog, TopUpSummary } from "./TopUpDialog.tsx";
import { UnstakeDialog } from "./UnstakeDialog.tsx";
import { UnstakeSummary, unstakeReceive } from "./UnstakeSummary.tsx";
import { TOP_UP_TRANSACTION_KIND } from "./use-top-up.ts";
import { ValidatorCard } from "./ValidatorCard.tsx";
import { ValidatorCardSkeleton } from "./ValidatorCardSkeleton.tsx";
import { ValidatorEtas } from "./ValidatorEtas.tsx";
import { ValidatorStatusBadge } from "./ValidatorStatusBadge.tsx";
import "./validators.css";

/**
 * Flow steps still shown on the page once the dialog closes: a request in the wallet or sent, and how it
 * ended. A request under review is not among them: it would be confirmed there without its details.
 */
const SENT_STEPS: ReadonlySet<TransactionFlow["step"]> = new Set(["signing", "broadcast", "confirmed", "failed"]);

/**
 * The validator screen of an ethereum-beacon network: the viewed owner's validators (the connected wallet's,
 * or any address typed in, no wallet needed) with index, public key, status, balance, deposit and withdrawal
 * addresses and explorer links, as the backend's indexer last saw them. An active validator opens the
 * unstake dialog (EIP-7002 partial withdraw or exit) and the upgrade / consolidation dialog (EIP-7251), each sent
 * through the shared send path; a request still pending after a reload is followed again here.
 */
export function ValidatorsPage({ network }: { readonly network: Network }) {
  const { t } = useTranslation();
  const { account, config } = useWallet();
  const viewed = useViewedOwner();
  const environment = servedEnvironmentOf(network);
  const scope = ownerScopeOf(network, viewed.owner);
  const listed = useQuery(validatorsQueryOptions(scope));
  const queryClient = useQueryClient();
  // After a request, and on "refresh": every read of this owner's figures, asked again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ownerQueryKey(scope) });
  const chain = environmentChain(network, environment);
  const controls = useTransactionFlow(config, { kind: "unstake", account, chainId: chain.id }, refresh);
  const [selected, setSelected] = useState<ListedValidator | undefined>(undefined);
  // The EIP-7251 requests (upgrade to compounding, consolidation) have a flow of their own, followed the same way.
  const merges = useTransactionFlow(config, { kind: "consolidation", account, chainId: chain.id }, refresh);
  const [merging, setMerging] = useState<
    { readonly validator: ListedValidator; readonly kind: "upgrade" | "consolidate" } | undefined
  >(undefined);
  // Top-ups (deposits to an existing validator, from any address) too.
  const topUps = useTransactionFlow(config, { kind: TOP_UP_TRANSACTION_KIND, account, chainId: chain.id }, refresh);
  const [toppingUp, setToppingUp] = useState<ListedValidator | undefined>(undefined);
  const openMerge = (validator: ListedValidator, kind: "upgrade" | "consolidate") => {
    if (merges.flow.step !== "signing" && merges.flow.step !== "broadcast") merges.reset();
    setMerging({ validator, kind });
  };
  const explorers = environment?.explorers;
  const loadError = listed.error instanceof AppError ? t(listed.error.shortMessage, listed.error.values) : "";

  return (
    <div className="validators-screen dashboard-screen">
      <h1>
        {network.name} · {t("network.screens.validator")}
      </h1>
      <p>{t("validators.purpose")}</p>
      <OwnerAddressForm viewed={viewed} />
      {!environment ? <Alert role="none">{t("validators.unavailable", { network: network.name })}</Alert> : null}
      {viewed.owner && environment ? (
        <section aria-labelledby="validators-list" className="dashboard-section" aria-busy={listed.isLoading}>
          <div className="dashboard-section__head">
            <h2 id="validators-list">{t("validators.listHeading")}</h2>
            <Button variant="secondary" onClick={refresh}>
              {t("validators.refresh")}
            </Button>
          </div>
          <p className="hint">{t("validators.indexedNote")}</p>
          {listed.isLoading ? (
            <>
              <p className="visually-hidden">{t("validators.loading")}</p>
              <ul className="validator-list">
                {[0, 1].map((place) => (
                  <li key={place}>
                    <ValidatorCardSkeleton />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {listed.isError ? (
            <Alert tone="danger">
              {t("validators.loadFailed")} {loadError}{" "}
              <Button variant="secondary" onClick={refresh}>
                {t("validators.retry")}
              </Button>
            </Alert>
          ) : null}
          {listed.data?.length === 0 ? (
            <EmptyState
              action={
                network.screens.includes("stake") && network.staking.perValidator ? (
                  <Link className={buttonClass("primary")} to={`/${network.slug}`}>
                    {t("validators.noneAction", { amount: network.staking.perValidator, symbol: network.symbol })}
                  </Link>
                ) : null
              }
            >
              {t("validators.none")}
            </EmptyState>
          ) : null}
          {listed.data && listed.data.length > 0 ? (
            <ul className="validator-list">
              {listed.data.map((validator) => (
                <li key={validator.pubkey}>
                  <ValidatorCard
                    validator={validator}
                    symbol={network.symbol}
                    decimals={network.decimals}
                    consensusExplorer={explorers?.consensus}
                    executionExplorer={explorers?.execution}
                    etas={
                      scope ? (
                        <ValidatorEtas
                          scope={scope}
                          pubkey={validator.pubkey}
                          status={validator.status}
                          symbol={network.symbol}
                        />
                      ) : null
                    }
                    onUpgrade={(chosen) => openMerge(chosen, "upgrade")}
                    onConsolidate={(chosen) => openMerge(chosen, "consolidate")}
                    onTopUp={(chosen) => {
                      if (topUps.flow.step !== "signing" && topUps.flow.step !== "broadcast") topUps.reset();
                      setToppingUp(chosen);
                    }}
                    onUnstake={(chosen) => {
                      // A request in the wallet or on its way stays; anything else starts over for this validator.
                      if (controls.flow.step !== "signing" && controls.flow.step !== "broadcast") controls.reset();
                      setSelected(chosen);
                    }}
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {viewed.owner && environment ? (
        <SsvClustersSection
          network={network}
          owner={viewed.owner}
          statusOf={(publicKey) => {
            const seen = listed.data?.find((validator) => validator.pubkey.toLowerCase() === publicKey);
            return seen ? <ValidatorStatusBadge status={seen.status} /> : undefined;
          }}
        />
      ) : null}
      {SENT_STEPS.has(controls.flow.step) && !selected ? (
        <section aria-labelledby="unstake-progress">
          <h2 id="unstake-progress">{t("unstake.progressHeading")}</h2>
          <TransactionPanel
            flow={controls.flow}
            symbol={network.symbol}
            decimals={network.decimals}
            explorerUrl={explorers?.execution?.url}
            summary={<UnstakeSummary flow={controls.flow} symbol={network.symbol} />}
            receive={unstakeReceive(controls.flow, t)}
            onConfirm={() => void controls.confirm()}
            onCancel={controls.reset}
          />
        </section>
      ) : null}
      {SENT_STEPS.has(merges.flow.step) && !merging ? (
        <section aria-labelledby="consolidation-progress">
          <h2 id="consolidation-progress">{t("consolidate.progressHeading")}</h2>
          <TransactionPanel
            flow={merges.flow}
            symbol={network.symbol}
            decimals={network.decimals}
            explorerUrl={explorers?.execution?.url}
            summary={<ConsolidationSummary flow={merges.flow} />}
            valueLabel={t("unstake.feePaid")}
            onConfirm={() => void merges.confirm()}
            onCancel={merges.reset}
          />
        </section>
      ) : null}
      {SENT_STEPS.has(topUps.flow.step) && !toppingUp ? (
        <section aria-labelledby="top-up-progress">
          <h2 id="top-up-progress">{t("topUp.progressHeading")}</h2>
          <TransactionPanel
            flow={topUps.flow}
            symbol={network.symbol}
            decimals={network.decimals}
            explorerUrl={explorers?.execution?.url}
            summary={<TopUpSummary flow={topUps.flow} symbol={network.symbol} />}
            valueLabel={t("topUp.sent")}
            onConfirm={() => void topUps.confirm()}
            onCancel={topUps.reset}
          />
        </section>
      ) : null}
      {toppingUp ? (
        <TopUpDialog
          validator={toppingUp}
          network={network}
          controls={topUps}
          onClose={() => {
            // Closing the dialog cancels a top-up not signed yet: it is never confirmed from elsewhere.
            if (!SENT_STEPS.has(topUps.flow.step)) topUps.reset();
            setToppingUp(undefined);
          }}
        />
      ) : null}
      {merging ? (
        <ConsolidateDialog
          validator={merging.validator}
          kind={merging.kind}
          candidates={listed.data ?? []}
          network={network}
          controls={merges}
          onClose={() => {
            // Closing the dialog cancels a request not signed yet: it is never confirmed from elsewhere.
            if (!SENT_STEPS.has(merges.flow.step)) merges.reset();
            setMerging(undefined);
          }}
        />
      ) : null}
      {selected ? (
        <UnstakeDialog
          validator={selected}
          network={network}
          controls={controls}
          readLatest={async () => {
            if (!scope) return undefined;
            const latest = await queryClient.fetchQuery({ ...validatorsQueryOptions(scope), staleTime: 0 });
            return latest.find((candidate) => candidate.pubkey.toLowerCase() === selected.pubkey.toLowerCase());
          }}
          onClose={() => {
            // Closing the dialog cancels a request not signed yet: it is never confirmed from elsewhere.
            if (!SENT_STEPS.has(controls.flow.step)) controls.reset();
            setSelected(undefined);
          }}
        />
      ) : null}
    </div>
  );
}
