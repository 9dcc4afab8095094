import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isAddressEqual } from "viem";
import { OwnerAddressForm } from "../../components/owner/OwnerAddressForm.tsx";
import { ownerScopeOf } from "../../components/owner/owner-scope-of.ts";
import { useViewedOwner } from "../../components/owner/use-viewed-owner.ts";
import { TransactionPanel } from "../../components/transaction/TransactionPanel.tsx";
import { useTransactionFlow } from "../../components/transaction/use-transaction-flow.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { CoinAmount } from "../../components/ui/coin-amount/CoinAmount.tsx";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";
import { Stat } from "../../components/ui/stat/Stat.tsx";
import { useWallet } from "../../components/wallet/use-wallet.ts";
import { WalletGate } from "../../components/wallet/WalletGate.tsx";
import { formatDay } from "../../core/format-date.ts";
import { environmentChain } from "../../core/network-environment.ts";
import { buildClaim } from "../../families/ethereum-beacon/build-claim.ts";
import type { Network } from "../../generated/index.ts";
import { ownerQueryKey } from "../../lib/api/owner-query-key.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";
import { type ClaimFigures, claimFiguresQueryOptions, readClaimableNow } from "./claim-figures-query.ts";
import "./claim.css";

/** How often the review reads what the claim would pay while it is open. */
const CLAIMABLE_REVIEW_READ_MS = 4_000;

/**
 * Claim rewards: the execution-layer rewards the viewed owner can claim now (from the claim contract, the
 * figure the transaction pays), what was claimed, and what the backend indexed as earned. The owner's own
 * wallet claims everything through the shared send path (account and chain check, simulation with the
 * contract's decoded error, fee and total, one send, resumed after a reload).
 */
export function ClaimPage({ network }: { readonly network: Network }) {
  const { t } = useTranslation();
  const { account, config } = useWallet();
  const viewed = useViewedOwner();
  const environment = servedEnvironmentOf(network);
  const contract = environment?.contracts?.claim;
  const chain = environmentChain(network, environment);
  const scope = ownerScopeOf(network, viewed.owner);
  const figuresQuery = claimFiguresQueryOptions(config, scope, { chainId: chain.id, contract });
  const figures = useQuery(figuresQuery);
  const queryClient = useQueryClient();
  // After a claim, and on "retry": every read of this owner's figures, asked again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ownerQueryKey(scope) });
  const { flow, prepare, confirm, reset } = useTransactionFlow(
    config,
    { kind: "claim", account, chainId: chain.id },
    refresh,
  );
  const units = { decimals: network.decimals, symbol: network.symbol };
  const format = useFormatAmount();
  const coin = (wei: bigint) => format(wei, units);
  const reviewing = flow.step === "review" || flow.step === "signing";
  // What claim() pays, read from the contract, is one figure: the page's, the button's and the review's. It is
  // read again when the review opens and every few seconds while it is open, so they all follow it.
  const figuresKey = figuresQuery.queryKey;
  const setClaimable = useCallback(
    (now: bigint) =>
      queryClient.setQueryData(figuresKey, (old: ClaimFigures | undefined) =>
        old ? { ...old, onChain: { ...old.onChain, claimableWei: now } } : old,
      ),
    [queryClient, figuresKey],
  );
  useEffect(() => {
    if (!reviewing || !config || !account || !contract) return;
    const timer = setInterval(() => {
      void readClaimableNow(config, chain.id, contract, account).then(setClaimable, () => undefined);
    }, CLAIMABLE_REVIEW_READ_MS);
    return () => clearInterval(timer);
  }, [reviewing, config, account, contract, chain.id, setClaimable]);

  if (!environment || !contract) {
    return (
      <div className="claim-screen page-stack">
        <h1>
          {network.name} · {t("network.screens.claim")}
        </h1>
        <Alert tone="info" role="none">
          {t("claim.unavailable", { network: environment?.name ?? network.name })}
        </Alert>
      </div>
    );
  }

  const data = figures.data;
  const isOwner = Boolean(account && viewed.owner && isAddressEqual(account, viewed.owner));
  const busy = flow.step !== "idle";
  const claimable = data?.onChain.claimableWei ?? 0n;
  const claimNow = async () => {
    if (!account || !config) return;
    // claim() pays what is claimable when it runs: the review shows that, read now, not the page's figure.
    const now = await readClaimableNow(config, chain.id, contract, account).catch(() => claimable);
    setClaimable(now);
    if (now === 0n) {
      refresh();
      return;
    }
    await prepare({
      kind: "claim",
      chain,
      account,
      ...buildClaim(contract),
      details: { claimableWei: now.toString() },
    });
  };

  return (
    <div className="claim-screen page-stack">
      <h1>
        {network.name} · {t("network.screens.claim")}
      </h1>
      <p>{t("claim.purpose")}</p>
      <OwnerAddressForm viewed={viewed} />
      {viewed.owner ? (
        <Card as="section" raised aria-labelledby="claim-available" className="claim-card">
          <h2 id="claim-available">{t("claim.availableHeading")}</h2>
          {figures.isError ? (
            <Alert tone="danger">
              <p>{t("claim.loadFailed", { network: chain.name })}</p>
              <div>
                <Button variant="secondary" onClick={refresh}>
                  {t("claim.retry")}
                </Button>
              </div>
            </Alert>
          ) : (
            <dl className="ui-stat-grid claim-figures" aria-busy={figures.isPending}>
              <Stat
                className="claim-figures__main"
                label={t("claim.available")}
                loading={!data}
                value={data ? <CoinAmount value={data.onChain.claimableWei} {...units} /> : undefined}
              />
              <Stat
                label={t("claim.claimed")}
                loading={!data}
                value={data ? <CoinAmount value={data.onChain.claimedWei} {...units} /> : undefined}
              />
              <Stat
                label={t("claim.indexedEarned")}
                loading={!data}
                value={
                  data
                    ? data.indexed
                      ? data.indexed.asOf
                        ? t("claim.indexedValue", {
                            amount: coin(data.indexed.executionRewardsWei),
                            day: formatDay(data.indexed.asOf),
                          })
                        : t("claim.indexedNone")
                      : t("claim.indexedUnavailable")
                    : undefined
                }
              />
            </dl>
          )}
          <p className="claim-card__note">{t("claim.sourceNote")}</p>
          <WalletGate
            chain={chain}
            connectText={t("claim.connectToClaim")}
            wrongChainText={t("claim.wrongChain", { network: chain.name })}
          >
            {() =>
              isOwner ? (
                <>
                  {data && claimable === 0n && !busy ? <p>{t("claim.nothing")}</p> : null}
                  <div className="actions">
                    <Button disabled={busy || !data || claimable === 0n} onClick={() => void claimNow()}>
                      {t("claim.claim", { amount: coin(claimable) })}
                    </Button>
                  </div>
                </>
              ) : (
                <Alert tone="info" role="none">
                  {t("claim.notOwner", { owner: viewed.owner, account: account ?? "" })}
                </Alert>
              )
            }
          </WalletGate>
          <TransactionPanel
            flow={flow}
            symbol={network.symbol}
            decimals={network.decimals}
            explorerUrl={environment.explorers?.execution?.url}
            network={network}
            receive={{ wei: claimable }}
            onConfirm={() => void confirm()}
            onCancel={() => {
              reset();
              refresh();
            }}
          />
        </Card>
      ) : null}
    </div>
  );
}
