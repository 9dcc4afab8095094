import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatUnits, parseUnits } from "viem";
import { z } from "zod";
import { AmountInput } from "../../components/ui/amount-input/AmountInput.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";
import { type AmountRules, checkAmount } from "../../core/amount-rules.ts";

export interface PoolUnstakeFormProps {
  /** Stake past its lock period, in wei: what can be unstaked. */
  readonly lockedWei: bigint;
  readonly symbol: string;
  readonly decimals: number;
  readonly disabled: boolean;
  onUnstake(amountWei: bigint): void;
}

/**
 * Unstake an amount in the coin (fractions too), at most the locked stake; anything else is refused under the
 * field with the amount field's messages (more than is locked: how much is), nothing sent.
 */
export function PoolUnstakeForm({ lockedWei, symbol, decimals, disabled, onUnstake }: PoolUnstakeFormProps) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const locked = format(lockedWei, { decimals, symbol });
  const rules: AmountRules = useMemo(
    () => ({ maximum: formatUnits(lockedWei, decimals), decimals, symbol }),
    [lockedWei, decimals, symbol],
  );
  const schema = useMemo(
    () =>
      z.object({
        amount: z.string().superRefine((text, context) => {
          const check = checkAmount(text, rules);
          if (!check.ok) context.addIssue({ code: "custom", message: check.problem.key });
        }),
      }),
    [rules],
  );
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<{ amount: string }>({ resolver: zodResolver(schema), defaultValues: { amount: "" } });
  // The message of the typed amount's problem, with its values; more than is locked says how much is.
  const check = errors.amount ? checkAmount(getValues("amount"), rules) : undefined;
  const error =
    check && !check.ok
      ? check.problem.key === "amount.errors.aboveMaximum"
        ? t("pool.errors.moreThanLocked", { amount: locked })
        : t(check.problem.key, "values" in check.problem ? check.problem.values : {})
      : undefined;
  return (
    <form
      noValidate
      className="form-stack"
      onSubmit={handleSubmit(({ amount }) => onUnstake(parseUnits(amount.trim(), decimals)))}
    >
      <AmountInput
        label={t("pool.unstakeAmount", { symbol })}
        hint={t("pool.unstakeHelp", { amount: locked })}
        error={error}
        symbol={symbol}
        decimals={decimals}
        {...register("amount")}
      />
      <Button type="submit" variant="secondary" disabled={disabled || lockedWei === 0n}>
        {t("pool.unstake")}
      </Button>
    </form>
  );
}
