import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatUnits, parseUnits } from "viem";
import { z } from "zod";
import { AmountInput } from "../../components/ui/amount-input/AmountInput.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { amountSchema, checkAmount } from "../../core/amount-rules.ts";
import { votesForAmount } from "../../families/delegation-pool/votes-for-amount.ts";
import type { PoolOffering } from "./pool-offering.ts";

export interface PoolStakeFormProps {
  readonly offering: PoolOffering;
  readonly voteUnitWei: bigint;
  /** The wallet's balance in wei: shown, and Max fills the whole votes it buys. */
  readonly balanceWei: bigint | undefined;
  readonly disabled: boolean;
  onStake(votes: bigint, amount: string): void;
}

/** Stake in the pool: an amount in whole votes (the vote size from the pool), the votes it buys, and Stake. */
export function PoolStakeForm({ offering, voteUnitWei, balanceWei, disabled, onStake }: PoolStakeFormProps) {
  const { t } = useTranslation();
  const rules = useMemo(() => {
    const unit = formatUnits(voteUnitWei, offering.decimals);
    return { minimum: unit, step: unit, decimals: offering.decimals, symbol: offering.symbol };
  }, [voteUnitWei, offering]);
  const schema = useMemo(() => z.object({ amount: amountSchema(rules) }), [rules]);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    watch,
    formState: { errors },
  } = useForm<{ amount: string }>({ resolver: zodResolver(schema), defaultValues: { amount: "" } });
  const check = errors.amount ? checkAmount(getValues("amount"), rules) : undefined;
  const error =
    check && !check.ok ? t(check.problem.key, "values" in check.problem ? check.problem.values : {}) : undefined;
  const typed = watch("amount");
  const votes = checkAmount(typed, rules).ok
    ? votesForAmount(parseUnits(typed.trim(), offering.decimals), voteUnitWei)
    : undefined;
  // Max: the whole votes the balance buys (the pool takes nothing else).
  const fillMax = () => {
    if (balanceWei === undefined) return;
    const wholeVotes = balanceWei / voteUnitWei;
    setValue("amount", formatUnits(wholeVotes * voteUnitWei, offering.decimals), { shouldValidate: true });
  };
  return (
    <form
      noValidate
      className="form-stack"
      onSubmit={handleSubmit(({ amount }) => {
        const clean = amount.trim();
        onStake(votesForAmount(parseUnits(clean, offering.decimals), voteUnitWei), clean);
      })}
    >
      <AmountInput
        label={t("pool.stakeAmount", { symbol: offering.symbol })}
        hint={
          votes === undefined
            ? t("pool.stakeHelp", { unit: rules.minimum, symbol: offering.symbol })
            : t("pool.stakeVotes", { count: Number(votes) })
        }
        error={error}
        symbol={offering.symbol}
        decimals={offering.decimals}
        balance={balanceWei}
        onMax={fillMax}
        {...register("amount")}
      />
      <Button type="submit" disabled={disabled}>
        {t("pool.stake")}
      </Button>
    </form>
  );
}
