import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatUnits, parseUnits } from "viem";
import { z } from "zod";
import { AmountInput } from "../../components/ui/amount-input/AmountInput.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";
import { checkAmount } from "../../core/amount-rules.ts";
import { checkAgainstBalance, maxAfterReserve } from "../../core/balance-check.ts";
import type { PoolOffering } from "./pool-offering.ts";

export interface PoolStakeFormProps {
  readonly offering: PoolOffering;
  /** The pool's dust floor (MINIMUM_STAKE, from the chain): the smallest amount it takes. */
  readonly minimumWei: bigint;
  /** The size of the whole votes the pool stakes on its own side, for the hint. */
  readonly voteUnitWei: bigint;
  /** The wallet's balance in wei: shown, and what an amount may not pass (with the fee). */
  readonly balanceWei: bigint | undefined;
  /** The network fee kept back from the balance (see stakeFeeReserveQueryOptions), when estimated. */
  readonly feeReserveWei: bigint | undefined;
  readonly disabled: boolean;
  onStake(amountWei: bigint, amount: string): void;
}

/**
 * Stake in the pool: any amount from the pool's dust floor, and Stake. An amount below the floor, with more
 * decimals than the coin has, above the balance, or that leaves too little for the network fee is refused under
 * the field: the wallet is not asked. Max fills the balance less the fee.
 */
export function PoolStakeForm({
  offering,
  minimumWei,
  voteUnitWei,
  balanceWei,
  feeReserveWei,
  disabled,
  onStake,
}: PoolStakeFormProps) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const rules = useMemo(
    () => ({
      minimum: formatUnits(minimumWei, offering.decimals),
      decimals: offering.decimals,
      symbol: offering.symbol,
    }),
    [minimumWei, offering],
  );
  const coin = (wei: bigint) => formatUnits(wei, offering.decimals);
  const values = {
    balance: coin(balanceWei ?? 0n),
    reserve: coin(feeReserveWei ?? 0n),
    most: coin(maxAfterReserve(balanceWei ?? 0n, feeReserveWei ?? 0n, 1n)),
    symbol: offering.symbol,
  };
  const schema = useMemo(
    () =>
      z.object({
        amount: z.string().superRefine((text, context) => {
          const result = checkAmount(text, rules);
          if (!result.ok) {
            const params = "values" in result.problem ? result.problem.values : {};
            context.addIssue({ code: "custom", message: result.problem.key, params });
            return;
          }
          if (balanceWei === undefined) return;
          const problem = checkAgainstBalance(parseUnits(text.trim(), offering.decimals), balanceWei, feeReserveWei);
          if (problem) context.addIssue({ code: "custom", message: problem.key });
        }),
      }),
    [rules, balanceWei, feeReserveWei, offering.decimals],
  );
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<{ amount: string }>({ resolver: zodResolver(schema), defaultValues: { amount: "" } });
  const check = errors.amount ? checkAmount(getValues("amount"), rules) : undefined;
  const error =
    check && !check.ok
      ? t(check.problem.key, "values" in check.problem ? check.problem.values : {})
      : errors.amount?.message
        ? t(errors.amount.message, values)
        : undefined;
  // Max: the balance once the network fee is kept back.
  const fillMax = () => {
    if (balanceWei === undefined) return;
    setValue("amount", coin(maxAfterReserve(balanceWei, feeReserveWei ?? 0n, 1n)), { shouldValidate: true });
  };
  const help = t("pool.stakeHelp", {
    minimum: format(minimumWei, offering),
    unit: format(voteUnitWei, offering),
  });
  const reserveHint =
    feeReserveWei === undefined
      ? undefined
      : t("pool.feeReserve", { reserve: format(feeReserveWei, offering, "atMost") });
  return (
    <form
      noValidate
      className="form-stack"
      onSubmit={handleSubmit(({ amount }) => {
        const clean = amount.trim();
        onStake(parseUnits(clean, offering.decimals), clean);
      })}
    >
      <AmountInput
        label={t("pool.stakeAmount", { symbol: offering.symbol })}
        hint={[help, reserveHint].filter(Boolean).join(" ")}
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
