import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { NetworkFacts } from "../../components/network-facts/NetworkFacts.tsx";
import { TransactionPanel } from "../../components/transaction/TransactionPanel.tsx";
import { useTransactionFlow } from "../../components/transaction/use-transaction-flow.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";
import { useWallet } from "../../components/wallet/use-wallet.ts";
import { WalletGate } from "../../components/wallet/WalletGate.tsx";
import type { ContractCall } from "../../core/contract-call.ts";
import { formatDuration } from "../../core/format-duration.ts";
import { buildClaimInterest } from "../../families/delegation-pool/build-claim-interest.ts";
import { buildStake } from "../../families/delegation-pool/build-stake.ts";
import { buildUnstake } from "../../families/delegation-pool/build-unstake.ts";
import { buildWithdraw } from "../../families/delegation-pool/build-withdraw.ts";
import { appEnvironment } from "../../lib/app-environment.ts";
import { chainQueryKey } from "../../lib/chain-reads/chain-query-key.ts";
import { PoolPositionView } from "./PoolPositionView.tsx";
import { PoolStakeForm } from "./PoolStakeForm.tsx";
import { PoolTerms } from "./PoolTerms.tsx";
import { PoolUnstakeForm } from "./PoolUnstakeForm.tsx";
import type { PoolOffering } from "./pool-offering.ts";
import { poolQueryOptions } from "./pool-query.ts";
import { stakeFeeReserveQueryOptions } from "./stake-fee-reserve-query.ts";
import "./pool-staking.css";

type Action = "stake" | "unstake" | "withdraw" | "claim";

/** How often the pool is read while a review is open, so the interest it shows follows the chain. */
const POOL_REVIEW_READ_MS = 4_000;

/**
 * Staking in a delegation pool (Conflux eSpace's PoS pool, or any network of the delegation-pool family):
 * the pool's terms, the connected account's position with countdowns, and stake, unstake, withdraw and
 * claim, each through the shared send path (chain check, simulation, fee and total, one send, resumed
 * after a reload).
 */
export function PoolStakingPage({ offering, heading }: { readonly offering: PoolOffering; readonly heading: string }) {
  const { t } = useTranslation();
  const environment = offering.environments.find((candidate) => candidate.kind === appEnvironment);
  if (!environment?.contracts?.stakingPool) {
    return (
      <div className="page page-stack pool-page">
        <h1>{heading}</h1>
        <p>{t(offering.descriptionKey)}</p>
        <Alert tone="info" role="none">
          {t("pool.unavailable", { network: offering.name })}
        </Alert>
        <NetworkFacts
          staking={offering.staking}
          symbol={offering.symbol}
          headingId="pool-facts"
          context={{ fromChain: { minimum: undefined, lockPeriod: undefined } }}
        />
      </div>
    );
  }
  return (
    <PoolStaking
      offering={offering}
      heading={heading}
      pool={environment.contracts.stakingPool}
      chain={{ id: environment.chainId, name: environment.name, symbol: offering.symbol }}
      explorerUrl={environment.explorers?.execution?.url}
    />
  );
}

interface PoolStakingProps {
  readonly offering: PoolOffering;
  readonly heading: string;
  readonly pool: Address;
  readonly chain: { readonly id: number; readonly name: string; readonly symbol: string };
  readonly explorerUrl: string | undefined;
}

function PoolStaking({ offering, heading, pool, chain, explorerUrl }: PoolStakingProps) {
  const { t, i18n } = useTranslation();
  const { account, config, isOn } = useWallet();
  const queryClient = useQueryClient();
  // After a transaction, when a countdown ends, on "retry": everything read from this chain, asked again.
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chainQueryKey(chain.id) }),
    [queryClient, chain.id],
  );
  const { flow, prepare, confirm, reset } = useTransactionFlow(
    config,
    { kind: "pool", account, chainId: chain.id },
    refresh,
  );
  const busy = flow.step !== "idle" || !isOn(chain.id);
  const reviewing = flow.step === "review" || flow.step === "signing";
  const load = useQuery({
    ...poolQueryOptions(config, chain.id, pool, account),
    ...(reviewing ? { refetchInterval: POOL_REVIEW_READ_MS } : {}),
  });

  const start = useCallback(
    (action: Action, call: ContractCall, details: Record<string, string>) => {
      if (!account) return;
      void prepare({ kind: "pool", chain, account, ...call, details: { action, ...details } });
    },
    [account, chain, prepare],
  );

  const data = load.data;
  const unit = data?.state.voteUnitWei;
  const minimum = data?.state.minimumStakeWei;
  const reserve = useQuery(stakeFeeReserveQueryOptions(config, chain.id, pool, account, minimum, data?.balance));
  const format = useFormatAmount();
  const coin = (wei: bigint) => format(wei, offering);
  // What the reviewed transaction gets the user: the interest as read now (the button's figure, which claim
  // pays), the amount withdrawn, or the unstaked amount once it has unlocked.
  const receive = (() => {
    if (!reviewing) return undefined;
    const details = flow.prepared.details;
    const amountWei = BigInt(details?.amountWei ?? "0");
    if (details?.action === "claim") return { wei: data?.position?.currentInterestWei ?? 0n };
    if (details?.action === "withdraw") return { wei: amountWei };
    if (details?.action === "unstake") return { wei: amountWei, note: t("pool.unstakeReceiveNote") };
    return undefined;
  })();

  return (
    <div className="page page-stack pool-page">
      <h1>{heading}</h1>
      <p>{t(offering.descriptionKey)}</p>
      <PoolTerms load={load} networkName={chain.name} coin={coin} onRetry={refresh} />
      <Card as="section" raised aria-labelledby="pool-position" className="pool-card">
        <h2 id="pool-position">{t("pool.positionHeading")}</h2>
        <WalletGate
          chain={chain}
          connectText={t("pool.connectText", { symbol: offering.symbol })}
          wrongChainText={t("pool.wrongChain", { network: chain.name })}
        >
          {() =>
            data?.position && unit && minimum !== undefined ? (
              <>
                <PoolPositionView
                  position={data.position}
                  symbol={offering.symbol}
                  decimals={offering.decimals}
                  chainTime={data.chainTime}
                  readAt={data.readAt}
                  onCountdownEnd={refresh}
                />
                <div className="pool-actions">
                  <PoolStakeForm
                    offering={offering}
                    minimumWei={minimum}
                    voteUnitWei={unit}
                    balanceWei={data.balance}
                    feeReserveWei={reserve.data}
                    disabled={busy}
                    onStake={(amountWei, amount) =>
                      start("stake", buildStake(pool, amountWei, minimum), { amountWei: String(amountWei), amount })
                    }
                  />
                  <PoolUnstakeForm
                    lockedWei={data.position.lockedWei}
                    symbol={offering.symbol}
                    decimals={offering.decimals}
                    disabled={busy}
                    onUnstake={(amountWei) =>
                      start("unstake", buildUnstake(pool, amountWei), { amountWei: String(amountWei) })
                    }
                  />
                </div>
                <div className="actions pool-position-actions">
                  <Button
                    variant="secondary"
                    disabled={busy || data.position.unlockedWei === 0n}
                    onClick={() =>
                      start("withdraw", buildWithdraw(pool, data.position?.unlockedWei ?? 0n), {
                        amountWei: String(data.position?.unlockedWei ?? 0n),
                      })
                    }
                  >
                    {t("pool.withdraw", { amount: coin(data.position.unlockedWei) })}
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={busy || data.position.currentInterestWei === 0n}
                    onClick={() =>
                      // Read again first: the review shows what claiming pays now, and so does this button.
                      void load.refetch().then(() => start("claim", buildClaimInterest(pool), {}))
                    }
                  >
                    {t("pool.claim", { amount: coin(data.position.currentInterestWei) })}
                  </Button>
                </div>
                <TransactionPanel
                  flow={flow}
                  symbol={offering.symbol}
                  decimals={offering.decimals}
                  explorerUrl={explorerUrl}
                  receive={receive}
                  onConfirm={() => void confirm()}
                  onCancel={() => {
                    reset();
                    refresh();
                  }}
                />
              </>
            ) : null
          }
        </WalletGate>
      </Card>
      <NetworkFacts
        staking={offering.staking}
        symbol={offering.symbol}
        headingId="pool-facts"
        context={{
          // The pool's own dust floor and lock period, the ones its stake form and position use.
          fromChain: {
            minimum: minimum !== undefined ? format(minimum, offering) : undefined,
            lockPeriod: data ? formatDuration(data.state.lockPeriodSeconds, i18n.language) : undefined,
          },
        }}
      />
    </div>
  );
}
