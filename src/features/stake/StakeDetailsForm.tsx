import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatUnits } from "viem";
import { validatorCount } from "../../families/ethereum-beacon/stake-choice.ts";
import {
  amountProblem,
  choiceFor,
  type StakeFormValues,
  stakeCostWei,
  stakeFormSchema,
  type WalletFacts,
} from "./stake-form-rules.ts";
import type { StakeOffering } from "./stake-offering.ts";

export interface StakeDetailsFormProps {
  readonly offering: StakeOffering;
  readonly wallet: WalletFacts;
  /** The connected address: the withdrawal address of every validator. */
  readonly owner: string;
  readonly initialValues: StakeFormValues;
  /** A problem found after the form (the balance with the estimated network fee), shown on the amount field. */
  readonly amountError?: string;
  readonly busy: boolean;
  onSubmit(values: StakeFormValues): void;
}

/**
 * Step 1, "Enter staking details": amount, credential type (N × 0x01 validators or one 0x02), the number of
 * validators, the service fee from config and the withdrawal address, with the spec's warning. The schema
 * comes from config (min, max, step, decimals) and the wallet (chain, balance); its problems are field errors.
 */
export function StakeDetailsForm({
  offering,
  wallet,
  owner,
  initialValues,
  amountError,
  busy,
  onSubmit,
}: StakeDetailsFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const schema = useMemo(() => stakeFormSchema(offering, wallet), [offering, wallet]);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<StakeFormValues>({ resolver: zodResolver(schema), defaultValues: initialValues });
  useEffect(() => {
    if (amountError) setError("amount", { type: "manual", message: amountError });
  }, [amountError, setError]);

  const values = watch();
  const choice = choiceFor(values, offering);
  const problem = errors.amount ? amountProblem(values, offering, wallet) : undefined;
  const error = problem
    ? t(problem.key, problem.values)
    : errors.amount?.type === "manual"
      ? errors.amount.message
      : undefined;
  const shownError = isSubmitted || amountError ? error : undefined;
  const limits = { minimum: offering.minimum, maximum: offering.maximum, symbol: offering.symbol };
  const help =
    values.credentialType === "0x01"
      ? t("ethStake.form.amountHelp01", { ...limits, perValidator: offering.perValidator })
      : t("ethStake.form.amountHelp02", limits);

  return (
    <form noValidate className="form stake-form" onSubmit={handleSubmit((valid) => onSubmit(valid))}>
      <fieldset>
        <legend>{t("ethStake.form.credentialType")}</legend>
        <label className="radio">
          <input type="radio" value="0x01" {...register("credentialType")} />
          {t("ethStake.form.type01", { perValidator: offering.perValidator, symbol: offering.symbol })}
        </label>
        <label className="radio">
          <input type="radio" value="0x02" {...register("credentialType")} />
          {t("ethStake.form.type02")}
        </label>
      </fieldset>
      <div>
        <label htmlFor={`${id}-amount`}>{t("ethStake.form.amount", { symbol: offering.symbol })}</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-amount-help${shownError ? ` ${id}-amount-error` : ""}`}
          {...register("amount")}
        />
        <p id={`${id}-amount-help`} className="hint">
          {help}
        </p>
        {shownError ? (
          <p id={`${id}-amount-error`} className="field-error" role="alert">
            {shownError}
          </p>
        ) : null}
      </div>
      <dl className="stake-facts">
        <dt>{t("ethStake.form.validators")}</dt>
        <dd>{choice ? validatorCount(choice) : "—"}</dd>
        <dt>{t("ethStake.form.serviceFee")}</dt>
        <dd>{t("ethStake.form.serviceFeeValue", { fee: offering.serviceFee, symbol: offering.symbol })}</dd>
        <dt>{t("ethStake.form.total")}</dt>
        <dd>
          {choice
            ? t("ethStake.form.totalValue", {
                amount: formatUnits(stakeCostWei(choice, offering.serviceFeeWei), offering.decimals),
                symbol: offering.symbol,
              })
            : "—"}
        </dd>
        <dt>{t("ethStake.form.withdrawalAddress")}</dt>
        <dd>
          <code>{owner}</code>
        </dd>
      </dl>
      {wallet.balanceWei !== undefined ? (
        <p className="hint">
          {t("ethStake.form.balance", {
            amount: formatUnits(wallet.balanceWei, offering.decimals),
            symbol: offering.symbol,
          })}
        </p>
      ) : null}
      <p className="notice">{t("ethStake.form.warning")}</p>
      <button type="submit" className="primary" disabled={busy}>
        {t("ethStake.form.next")}
      </button>
    </form>
  );
}
