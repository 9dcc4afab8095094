import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type Address, formatUnits, parseUnits } from "viem";
import { z } from "zod";
import { NetworkFacts } from "../../components/network-facts/NetworkFacts.tsx";
import { TransactionPanel } from "../../components/transaction/TransactionPanel.tsx";
import { useTransactionFlow } from "../../components/transaction/use-transaction-flow.ts";
import { WrongChainNotice } from "../../components/transaction/WrongChainNotice.tsx";
import { useWagmiConfig } from "../../components/wallet/use-wagmi-config.ts";
import { useWalletConnection, useWalletKit } from "../../components/wallet/wallet-access.tsx";
import { buildClaimInterest } from "../../families/delegation-pool/build-claim-interest.ts";
import { buildDecreaseStake } from "../../families/delegation-pool/build-decrease-stake.ts";
import { buildIncreaseStake } from "../../families/delegation-pool/build-increase-stake.ts";
import { buildWithdrawStake } from "../../families/delegation-pool/build-withdraw-stake.ts";
import { votesForAmount } from "../../families/delegation-pool/votes-for-amount.ts";
import { amountSchema, checkAmount } from "../../lib/amount-rules.ts";
import { appEnvironment } from "../../lib/app-environment.ts";
import { chainQueryKey } from "../../lib/chain-reads/chain-query-key.ts";
import type { ContractCall } from "../../lib/transactions/contract-call.ts";
import { PoolPositionView } from "./PoolPositionView.tsx";
import type { PoolOffering } from "./pool-offering.ts";
import { poolQueryOptions } from "./pool-query.ts";

type Action = "stake" | "unstake" | "withdraw" | "claim";

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
      <div className="page pool">
        <h1>{heading}</h1>
        <p>{t(offering.descriptionKey)}</p>
        <p className="notice">{t("pool.unavailable", { network: offering.name })}</p>
        <NetworkFacts staking={offering.staking} symbol={offering.symbol} headingId="pool-facts" />
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
  const { t } = useTranslation();
  const kit = useWalletKit();
  const config = useWagmiConfig();
  const connection = useWalletConnection();
  const account = connection.address as Address | undefined;
  const load = useQuery(poolQueryOptions(config, chain.id, pool, account));
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
  const onWrongChain = connection.isConnected && connection.chainId !== chain.id;
  const busy = flow.step !== "idle";

  const start = useCallback(
    (action: Action, call: ContractCall, details: Record<string, string>) => {
      if (!account) return;
      void prepare({
        kind: "pool",
        chain,
        account,
        ...call,
        details: { action, ...details },
      });
    },
    [account, chain, prepare],
  );

  const data = load.data;
  const unit = data?.state.voteUnitWei;
  const coin = (wei: bigint) => `${formatUnits(wei, offering.decimals)} ${offering.symbol}`;

  return (
    <div className="page pool">
      <h1>{heading}</h1>
      <p>{t(offering.descriptionKey)}</p>
      <NetworkFacts staking={offering.staking} symbol={offering.symbol} headingId="pool-facts" />
      <section aria-labelledby="pool-terms">
        <h2 id="pool-terms">{t("pool.termsHeading")}</h2>
        {load.isPending ? <p aria-busy="true">{t("pool.loading")}</p> : null}
        {load.isError ? (
          <p role="alert">
            {t("pool.loadFailed", { network: chain.name })}{" "}
            <button type="button" onClick={refresh}>
              {t("pool.retry")}
            </button>
          </p>
        ) : null}
        {data ? (
          <dl className="pool-terms">
            <dt>{t("pool.name")}</dt>
            <dd>{data.state.name}</dd>
            <dt>{t("pool.apr")}</dt>
            <dd>{t("pool.aprValue", { apr: (data.state.aprBasisPoints / 100).toFixed(2) })}</dd>
            <dt>{t("pool.voteSize")}</dt>
            <dd>{coin(data.state.voteUnitWei)}</dd>
            <dt>{t("pool.lockPeriod")}</dt>
            <dd>{t("pool.lockPeriodValue", lockParts(data.state.lockPeriodSeconds))}</dd>
            <dt>{t("pool.totalStaked")}</dt>
            <dd>{coin(data.state.availableVotes * data.state.voteUnitWei)}</dd>
          </dl>
        ) : null}
      </section>

      {!connection.isConnected ? (
        <section aria-labelledby="pool-connect">
          <h2 id="pool-connect">{t("pool.connectHeading")}</h2>
          <p>{t("pool.connectText", { symbol: offering.symbol })}</p>
          <button type="button" className="primary" onClick={() => kit?.open()}>
            {t("pool.connect")}
          </button>
        </section>
      ) : null}

      {onWrongChain && config ? (
        <WrongChainNotice
          config={config}
          chain={chain}
          message={t("pool.wrongChain", { network: chain.name })}
          switchLabel={t("pool.switch", { network: chain.name })}
        />
      ) : null}

      {connection.isConnected && data?.position && unit ? (
        <section aria-labelledby="pool-position">
          <h2 id="pool-position">{t("pool.positionHeading")}</h2>
          <PoolPositionView
            position={data.position}
            voteUnitWei={unit}
            symbol={offering.symbol}
            decimals={offering.decimals}
            chainTime={data.chainTime}
            readAt={data.readAt}
            onCountdownEnd={refresh}
          />
          {data.balance !== undefined ? <p>{t("pool.balance", { amount: coin(data.balance) })}</p> : null}
          <div className="pool-actions">
            <StakeForm
              offering={offering}
              voteUnitWei={unit}
              disabled={busy || onWrongChain}
              onStake={(votes, amount) =>
                start("stake", buildIncreaseStake(pool, votes, unit), { votes: String(votes), amount })
              }
            />
            <UnstakeForm
              locked={data.position.locked}
              disabled={busy || onWrongChain}
              onUnstake={(votes) => start("unstake", buildDecreaseStake(pool, votes), { votes: String(votes) })}
            />
            <div className="pool-buttons">
              <button
                type="button"
                disabled={busy || onWrongChain || data.position.unlocked === 0n}
                onClick={() =>
                  start("withdraw", buildWithdrawStake(pool, data.position?.unlocked ?? 0n), {
                    votes: String(data.position?.unlocked ?? 0n),
                  })
                }
              >
                {t("pool.withdraw", { amount: coin(data.position.unlocked * unit) })}
              </button>
              <button
                type="button"
                disabled={busy || onWrongChain || data.position.currentInterestWei === 0n}
                onClick={() => start("claim", buildClaimInterest(pool), {})}
              >
                {t("pool.claim", { amount: coin(data.position.currentInterestWei) })}
              </button>
            </div>
          </div>
          <TransactionPanel
            flow={flow}
            symbol={offering.symbol}
            decimals={offering.decimals}
            explorerUrl={explorerUrl}
            onConfirm={() => void confirm()}
            onCancel={() => {
              reset();
              refresh();
            }}
          />
        </section>
      ) : null}
    </div>
  );
}

function lockParts(seconds: bigint): { days: number; hours: number; minutes: number } {
  const total = Number(seconds);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
  };
}

function StakeForm({
  offering,
  voteUnitWei,
  disabled,
  onStake,
}: {
  readonly offering: PoolOffering;
  readonly voteUnitWei: bigint;
  readonly disabled: boolean;
  onStake(votes: bigint, amount: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const rules = useMemo(() => {
    const unit = formatUnits(voteUnitWei, offering.decimals);
    return { minimum: unit, step: unit, decimals: offering.decimals, symbol: offering.symbol };
  }, [voteUnitWei, offering]);
  const schema = useMemo(() => z.object({ amount: amountSchema(rules) }), [rules]);
  const {
    register,
    handleSubmit,
    getValues,
    watch,
    formState: { errors },
  } = useForm<{ amount: string }>({ resolver: zodResolver(schema), defaultValues: { amount: "" } });
  const check = errors.amount ? checkAmount(getValues("amount"), rules) : undefined;
  const error =
    check && !check.ok ? t(check.problem.key, "values" in check.problem ? check.problem.values : {}) : undefined;
  const typed = checkAmount(watch("amount"), rules);
  const votes = typed.ok
    ? votesForAmount(parseUnits(watch("amount").trim(), offering.decimals), voteUnitWei)
    : undefined;
  return (
    <form
      noValidate
      className="pool-form"
      onSubmit={handleSubmit(({ amount }) => {
        const clean = amount.trim();
        onStake(votesForAmount(parseUnits(clean, offering.decimals), voteUnitWei), clean);
      })}
    >
      <label htmlFor={`${id}-stake`}>{t("pool.stakeAmount", { symbol: offering.symbol })}</label>
      <input
        id={`${id}-stake`}
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-stake-help${error ? ` ${id}-stake-error` : ""}`}
        {...register("amount")}
      />
      <p id={`${id}-stake-help`} className="field-help">
        {votes === undefined
          ? t("pool.stakeHelp", { unit: rules.minimum, symbol: offering.symbol })
          : t("pool.stakeVotes", { votes: votes.toString() })}
      </p>
      {error ? (
        <p id={`${id}-stake-error`} className="field-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={disabled}>
        {t("pool.stake")}
      </button>
    </form>
  );
}

function UnstakeForm({
  locked,
  disabled,
  onUnstake,
}: {
  readonly locked: bigint;
  readonly disabled: boolean;
  onUnstake(votes: bigint): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const schema = useMemo(
    () =>
      z.object({
        votes: z
          .string()
          .trim()
          .regex(/^[1-9][0-9]*$/, "pool.errors.wholeVotes")
          .refine((text) => BigInt(text) <= locked, "pool.errors.moreThanLocked"),
      }),
    [locked],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ votes: string }>({ resolver: zodResolver(schema), defaultValues: { votes: "" } });
  const error = errors.votes?.message ? t(errors.votes.message, { locked: locked.toString() }) : undefined;
  return (
    <form noValidate className="pool-form" onSubmit={handleSubmit(({ votes }) => onUnstake(BigInt(votes.trim())))}>
      <label htmlFor={`${id}-unstake`}>{t("pool.unstakeVotes")}</label>
      <input
        id={`${id}-unstake`}
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-unstake-help${error ? ` ${id}-unstake-error` : ""}`}
        {...register("votes")}
      />
      <p id={`${id}-unstake-help`} className="field-help">
        {t("pool.unstakeHelp", { locked: locked.toString() })}
      </p>
      {error ? (
        <p id={`${id}-unstake-error`} className="field-error">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={disabled || locked === 0n}>
        {t("pool.unstake")}
      </button>
    </form>
  );
}
