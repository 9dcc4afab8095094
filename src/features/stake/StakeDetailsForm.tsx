import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatUnits } from "viem";
import { AddressChip } from "../../components/ui/address-chip/AddressChip.tsx";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { AmountInput } from "../../components/ui/amount-input/AmountInput.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Checkbox } from "../../components/ui/checkbox/Checkbox.tsx";
import { ChoiceGroup } from "../../components/ui/choice-group/ChoiceGroup.tsx";
import { Tooltip } from "../../components/ui/tooltip/Tooltip.tsx";
import type { StakeOffering } from "../../core/stake-offering.ts";
import { validatorCount } from "../../families/ethereum-beacon/stake-choice.ts";
import {
  amountProblem,
  choiceFor,
  type StakeFormValues,
  stakeCostWei,
  stakeFormSchema,
  type WalletFacts,
} from "./stake-form-rules.ts";
import { useVerifierWarmUp } from "./use-verifier-warm-up.ts";

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
  /** Told the credential type whenever it is chosen, so the page's facts can follow it. */
  onCredentialTypeChange?(type: StakeFormValues["credentialType"]): void;
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
  onCredentialTypeChange,
}: StakeDetailsFormProps) {
  const { t } = useTranslation();
  useVerifierWarmUp();
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
  useEffect(() => onCredentialTypeChange?.(values.credentialType), [values.credentialType, onCredentialTypeChange]);
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
    <form noValidate className="form-stack" onSubmit={handleSubmit((valid) => onSubmit(valid))}>
      <ChoiceGroup legend={t("ethStake.form.credentialType")}>
        <Checkbox
          radio
          value="0x01"
          label={t("ethStake.form.type01", { perValidator: offering.perValidator, symbol: offering.symbol })}
          {...register("credentialType")}
        />
        <Checkbox radio value="0x02" label={t("ethStake.form.type02")} {...register("credentialType")} />
      </ChoiceGroup>
      <AmountInput
        label={t("ethStake.form.amount", { symbol: offering.symbol })}
        hint={help}
        error={shownError}
        symbol={offering.symbol}
        decimals={offering.decimals}
        balance={wallet.balanceWei}
        {...register("amount")}
      />
      <dl className="stake-form__facts">
        <div>
          <dt>{t("ethStake.form.validators")}</dt>
          <dd>{choice ? validatorCount(choice) : "—"}</dd>
        </div>
        <div>
          <dt>
            {t("ethStake.form.serviceFee")}{" "}
            <Tooltip label={t("ethStake.form.serviceFeeTipLabel")} content={t("ethStake.form.serviceFeeTip")} />
          </dt>
          <dd>{t("ethStake.form.serviceFeeValue", { fee: offering.serviceFee, symbol: offering.symbol })}</dd>
        </div>
        <div className="stake-form__wide stake-form__total">
          <dt>{t("ethStake.form.total")}</dt>
          <dd>
            {choice
              ? t("ethStake.form.totalValue", {
                  amount: formatUnits(stakeCostWei(choice, offering.serviceFeeWei), offering.decimals),
                  symbol: offering.symbol,
                })
              : "—"}
          </dd>
        </div>
        <div className="stake-form__wide">
          <dt>{t("ethStake.form.withdrawalAddress")}</dt>
          <dd>
            <AddressChip address={owner} />
          </dd>
        </div>
      </dl>
      <Alert tone="warning" role="none">
        <p>{t("ethStake.form.warning")}</p>
      </Alert>
      <Button type="submit" disabled={busy}>
        {t("ethStake.form.next")}
      </Button>
    </form>
  );
}
