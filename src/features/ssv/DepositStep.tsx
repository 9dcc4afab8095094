import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatUnits } from "viem";
import { ClusterRunway } from "../../components/ssv/ClusterRunway.tsx";
import { ReviewRow } from "../../components/transaction/ReviewRow.tsx";
import { TransactionPanel } from "../../components/transaction/TransactionPanel.tsx";
import { useTransactionFlow } from "../../components/transaction/use-transaction-flow.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { Card } from "../../components/ui/card/Card.tsx";
import { EmptyState } from "../../components/ui/empty-state/EmptyState.tsx";
import { useWallet } from "../../components/wallet/use-wallet.ts";
import { WalletGate } from "../../components/wallet/WalletGate.tsx";
import type { ContractCall } from "../../core/contract-call.ts";
import { chainQueryKey } from "../../lib/chain-reads/chain-query-key.ts";
import type { PendingTransaction } from "../../lib/transactions/pending-transactions.ts";
import { buildApproveSsv, buildReactivate, buildRegisterValidators, NEW_CLUSTER } from "./build-ssv-calls.ts";
import { NeedOperators } from "./NeedOperators.tsx";
import { SsvEthDeposits } from "./SsvEthDeposits.tsx";
import { ssvChainQueryOptions } from "./ssv-chain-query.ts";
import { flowScope, type SsvStepProps } from "./ssv-flow-steps.ts";
import { useSsvFlow } from "./ssv-flow-store.ts";
import { type ExistingCluster, ssvFunding } from "./ssv-funding.ts";
import { useHeldBalance } from "./use-held-balance.ts";
import { useOwnerCluster } from "./use-owner-cluster.ts";

const ssv = (wei: bigint) => `${formatUnits(wei, 18)} SSV`;
const POLL_MS = 1_000;

/**
 * Step 5: the totals (SSV, validators, operators), then approve SSV when the allowance is short and register
 * the validators (registerValidator for one, bulkRegisterValidator for more) into the cluster's last
 * snapshot, each through the shared send path (simulation, fee and total before signing). Afterwards the
 * cluster's runway; a liquidated cluster offers reactivate.
 */
export function DepositStep({ offering, base, network }: SsvStepProps) {
  const { symbol } = network;
  const { t } = useTranslation();
  const { account, config, isOn } = useWallet();
  const queryClient = useQueryClient();
  const [flow, update] = useSsvFlow(flowScope(offering));
  const [registered, setRegistered] = useState<number>();
  const [reactivated, setReactivated] = useState(false);
  const [deposited, setDeposited] = useState<number>();
  const [polling, setPolling] = useState(false);
  const ids = flow.operators.map((operator) => operator.id);
  const { cluster, clusters } = useOwnerCluster(offering, ids, polling ? POLL_MS : undefined);
  // After a registration or reactivation, read the clusters until the indexer has seen it.
  const seen = registered !== undefined && (cluster?.cluster.validatorCount ?? -1) >= registered;
  const waiting = (registered !== undefined && !seen) || (reactivated && cluster?.liquidated !== false);
  useEffect(() => setPolling(waiting), [waiting]);
  const heldBalance = useHeldBalance(cluster);
  const chainState = useQuery(ssvChainQueryOptions(config, offering, account));
  const refresh = useCallback(
    (pending: PendingTransaction) => {
      void queryClient.invalidateQueries({ queryKey: chainQueryKey(offering.chain.id) });
      void clusters.refetch();
      if (pending.details.action === "reactivate") setReactivated(true);
      if (pending.details.action === "register") {
        setRegistered(Number(pending.details.expectedValidators));
        const registeredKeys = pending.details.publicKeys?.split(",") ?? [];
        update({ validators: undefined, verifiedFor: undefined, registeredKeys, registeredFor: pending.from });
      }
      if (pending.details.action === "deposit") {
        setDeposited(Number(pending.details.validators));
        update({ registeredKeys: undefined, registeredFor: undefined });
      }
    },
    [queryClient, offering.chain.id, clusters, update],
  );
  const {
    flow: tx,
    prepare,
    confirm,
    reset,
  } = useTransactionFlow(config, { kind: "ssv", account, chainId: offering.chain.id }, refresh);
  if (flow.operators.length === 0) return <NeedOperators base={base} />;
  const validators =
    flow.validators && flow.verifiedFor?.toLowerCase() === account?.toLowerCase() ? flow.validators : [];
  const fees = flow.operators.map((operator) => BigInt(operator.fee));
  const days = flow.days ?? 365;
  const state = chainState.data;
  const start = (action: string, call: ContractCall, details: Record<string, string>) => {
    if (!account) return;
    void prepare({ kind: "ssv", chain: offering.chain, account, ...call, details: { action, ...details } });
  };
  const busy = tx.step !== "idle" || !isOn(offering.chain.id);
  const pendingDeposits =
    flow.registeredKeys && flow.registeredFor?.toLowerCase() === account?.toLowerCase() ? flow.registeredKeys : [];
  const funding = (validatorCount: number, existing?: ExistingCluster) =>
    state
      ? ssvFunding({
          days,
          blocksPerDay: offering.blocksPerDay,
          operatorFees: fees,
          validators: validatorCount,
          network: state,
          existing,
        })
      : undefined;
  const existing =
    cluster && !cluster.liquidated && heldBalance !== undefined
      ? { validators: cluster.cluster.validatorCount, balance: heldBalance }
      : undefined;
  const registerFunding = validators.length > 0 ? funding(validators.length, existing) : undefined;
  const reactivateFunding = cluster?.liquidated ? funding(cluster.cluster.validatorCount) : undefined;
  const amount = registerFunding?.ok ? registerFunding.funding.deposit : undefined;
  const approveFirst = (needed: bigint) => state?.allowance !== undefined && state.allowance < needed;
  const snapshot = cluster?.cluster ?? NEW_CLUSTER;

  return (
    <Card className="ssv-card">
      <WalletGate
        chain={offering.chain}
        connectText={t("ssv.deposit.connect")}
        wrongChainText={t("ssv.wrongChain", { network: offering.chain.name })}
      >
        {() => (
          <div className="form-stack">
            {validators.length === 0 && registered === undefined && !cluster ? (
              <EmptyState
                action={
                  <Link className={buttonClass("primary")} to={`${base}/upload-files`}>
                    {t("ssv.steps.uploadFiles")}
                  </Link>
                }
              >
                {t("ssv.detail.noValidators")}
              </EmptyState>
            ) : null}
            {registerFunding && !registerFunding.ok ? (
              <Alert tone="danger" role="alert">
                {t("ssv.deposit.periodTooShort", { days, minimum: registerFunding.minimumDays })}
              </Alert>
            ) : null}
            {amount !== undefined && state ? (
              <section aria-labelledby="ssv-totals" className="ssv-totals">
                <h2 id="ssv-totals">{t("ssv.deposit.totals")}</h2>
                <dl className="tx-review">
                  <ReviewRow label={t("ssv.deposit.amount")} emphasis>
                    {ssv(amount)}
                  </ReviewRow>
                  {existing && registerFunding?.ok ? (
                    <ReviewRow label={t("ssv.funding.inCluster")}>{ssv(registerFunding.funding.inCluster)}</ReviewRow>
                  ) : null}
                  <ReviewRow label={t("ssv.deposit.validators")}>{validators.length}</ReviewRow>
                  <ReviewRow label={t("ssv.deposit.operators")}>{ids.join(", ")}</ReviewRow>
                  <ReviewRow label={t("ssv.deposit.period")}>{t("ssv.funding.days", { count: days })}</ReviewRow>
                  <ReviewRow label={t("ssv.deposit.balance")}>
                    {state.balance === undefined ? "…" : ssv(state.balance)}
                  </ReviewRow>
                </dl>
                {state.balance !== undefined && state.balance < amount ? (
                  <Alert tone="danger" role="alert">
                    {t("ssv.deposit.notEnoughSsv", { amount: ssv(amount), balance: ssv(state.balance) })}
                  </Alert>
                ) : cluster?.liquidated ? null : approveFirst(amount) ? (
                  <Button
                    disabled={busy}
                    onClick={() => start("approve", buildApproveSsv(offering, amount), { amount: amount.toString() })}
                  >
                    {t("ssv.deposit.approve", { amount: ssv(amount) })}
                  </Button>
                ) : (
                  <Button
                    disabled={busy}
                    onClick={() =>
                      start("register", buildRegisterValidators(offering, validators, ids, amount, snapshot), {
                        amount: amount.toString(),
                        validators: String(validators.length),
                        expectedValidators: String(snapshot.validatorCount + validators.length),
                        publicKeys: validators.map((validator) => validator.publicKey).join(","),
                      })
                    }
                  >
                    {t("ssv.deposit.register", { count: validators.length })}
                  </Button>
                )}
              </section>
            ) : null}
            <TransactionPanel
              flow={tx}
              symbol={symbol}
              decimals={18}
              explorerUrl={offering.explorerUrl}
              summary={
                tx.step === "review" ? (
                  <ReviewRow label={t("ssv.deposit.action")}>
                    {t(`ssv.deposit.actions.${tx.prepared.details?.action ?? "register"}`, {
                      amount: ssv(BigInt(tx.prepared.details?.amount ?? "0")),
                      count: Number(tx.prepared.details?.validators ?? "0"),
                    })}
                  </ReviewRow>
                ) : null
              }
              valueLabel={t("ssv.deposit.valueLabel", { symbol })}
              onConfirm={() => void confirm()}
              onCancel={reset}
            />
            {registered !== undefined ? (
              <Alert tone="success" role="status" title={t("ssv.deposit.registeredTitle")}>
                <p>{t("ssv.deposit.registeredText")}</p>
                <Link to={`/${offering.scope.network}/validator`}>{t("ssv.deposit.seeValidators")}</Link>
              </Alert>
            ) : null}
            {account && pendingDeposits.length > 0 ? (
              <SsvEthDeposits
                network={network}
                account={account}
                config={config}
                registered={pendingDeposits}
                disabled={busy}
                onDeposit={(call, count) => start("deposit", call, { validators: String(count) })}
              />
            ) : null}
            {deposited !== undefined ? (
              <Alert tone="success" role="status">
                {t("ssv.ethDeposit.sent", { count: deposited })}
              </Alert>
            ) : null}
            {cluster && (registered === undefined || seen) ? (
              <ClusterRunway
                cluster={cluster}
                busy={busy}
                onReactivate={
                  reactivateFunding?.ok
                    ? () => {
                        const needed = reactivateFunding.funding.deposit;
                        if (approveFirst(needed)) {
                          start("approve", buildApproveSsv(offering, needed), { amount: needed.toString() });
                        } else {
                          start("reactivate", buildReactivate(offering, ids, needed, cluster.cluster), {
                            amount: needed.toString(),
                          });
                        }
                      }
                    : undefined
                }
              />
            ) : null}
          </div>
        )}
      </WalletGate>
    </Card>
  );
}
