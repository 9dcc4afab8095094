import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { ApiErrorAlert } from "../../components/api/ApiErrorAlert.tsx";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { Checkbox } from "../../components/ui/checkbox/Checkbox.tsx";
import { ChoiceGroup } from "../../components/ui/choice-group/ChoiceGroup.tsx";
import { Field } from "../../components/ui/field/Field.tsx";
import { useWallet } from "../../components/wallet/use-wallet.ts";
import { checkResolver } from "../../lib/forms/check-resolver.ts";
import { FundingFormula } from "./FundingFormula.tsx";
import { NeedOperators } from "./NeedOperators.tsx";
import { ssvChainQueryOptions } from "./ssv-chain-query.ts";
import { flowScope, type SsvStepProps } from "./ssv-flow-steps.ts";
import { useSsvFlow } from "./ssv-flow-store.ts";
import { checkFundingDays, MAX_FUNDING_DAYS, ssvFunding } from "./ssv-funding.ts";
import { useOwnerCluster } from "./use-owner-cluster.ts";
import { ValidatorCountField } from "./ValidatorCountField.tsx";

export const FUNDING_PRESETS = [30, 90, 180, 365] as const;

/**
 * Step 2: how many days of fees to prepay (presets or custom) for how many validators, with the required SSV and
 * its formula's parts; an existing cluster with these operators adds its validators to the burn rate and its
 * balance to what is already paid.
 */
export function FundingPeriodStep({ offering, base }: SsvStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { account, config } = useWallet();
  const [flow, update] = useSsvFlow(flowScope(offering));
  const chainState = useQuery(ssvChainQueryOptions(config, offering, account));
  const stored = flow.days ?? 365;
  const [custom, setCustom] = useState(!(FUNDING_PRESETS as readonly number[]).includes(stored));
  // The custom days: a react-hook-form field checked as typed (what it is, then the liquidation threshold).
  const {
    register,
    watch,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<{ days: string }>({
    mode: "onChange",
    resolver: (values, context, options) => checkResolver(checkDays)(values, context, options),
    defaultValues: { days: String(stored) },
  });
  const typed = watch("days").trim();
  // The preset's refusal (too short for the liquidation threshold) shows once Continue was pressed.
  const [touched, setTouched] = useState(false);
  const [countValid, setCountValid] = useState(true);
  const ids = flow.operators.map((operator) => operator.id);
  const { cluster, clusters } = useOwnerCluster(offering, ids);

  const typedDays = checkFundingDays(typed);
  const days = custom ? (typedDays.ok ? typedDays.days : 0) : stored;
  const wholeDays = !custom || typedDays.ok;
  const verified = flow.validators && flow.verifiedFor?.toLowerCase() === account?.toLowerCase();
  const fromFiles = verified ? flow.validators?.length : undefined;
  const validators = fromFiles ?? flow.plannedValidators ?? 1;
  const fees = flow.operators.map((operator) => BigInt(operator.fee));
  // A liquidated cluster is reactivated on the deposit step first; until then it holds nothing to count.
  const existing =
    cluster && !cluster.liquidated
      ? { validators: cluster.cluster.validatorCount, balance: cluster.balance }
      : undefined;
  const clustersKnown = !account || !clusters.isPending;
  const fundingFor = (forDays: number) =>
    chainState.data && clustersKnown && (countValid || fromFiles !== undefined)
      ? ssvFunding({
          days: forDays,
          blocksPerDay: offering.blocksPerDay,
          operatorFees: fees,
          validators,
          network: chainState.data,
          existing,
        })
      : undefined;
  const tooShort = (forDays: number) => {
    const funding = fundingFor(forDays);
    return funding && !funding.ok
      ? t("ssv.funding.tooShort", {
          days: forDays,
          blocks: chainState.data?.liquidationThresholdPeriod.toLocaleString("en-US"),
          minimum: funding.minimumDays,
        })
      : undefined;
  };
  function checkDays({ days: text }: { days: string }) {
    const checked = checkFundingDays(text.trim());
    return { days: checked.ok ? tooShort(checked.days) : t(checked.problem, { max: MAX_FUNDING_DAYS }) };
  }
  const check = wholeDays ? fundingFor(days) : undefined;
  const minimumDays = check && !check.ok ? check.minimumDays : undefined;
  // The threshold's figures arrive from the chain after the user may have typed: the typed days are checked again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: minimumDays changing (the chain's figures) is when to check again.
  useEffect(() => {
    if (custom && getFieldState("days").isDirty) void trigger("days");
  }, [custom, minimumDays, getFieldState, trigger]);
  const error = custom ? errors.days?.message : wholeDays ? tooShort(days) : undefined;
  const proceed = async () => {
    setTouched(true);
    if (custom && !(await trigger("days"))) return;
    if (error || !check?.ok || !countValid) return;
    update({ days });
    navigate(`${base}/upload-files`);
  };
  if (flow.operators.length === 0) return <NeedOperators base={base} />;
  return (
    <Card className="ssv-card">
      <ChoiceGroup legend={t("ssv.funding.period")}>
        {FUNDING_PRESETS.map((preset) => (
          <Checkbox
            key={preset}
            radio
            name="ssv-period"
            label={t("ssv.funding.days", { count: preset })}
            checked={!custom && stored === preset}
            onChange={() => {
              setCustom(false);
              setTouched(false);
              update({ days: preset });
            }}
          />
        ))}
        <Checkbox
          radio
          name="ssv-period"
          label={t("ssv.funding.custom")}
          checked={custom}
          onChange={() => setCustom(true)}
        />
      </ChoiceGroup>
      <ValidatorCountField
        fromFiles={fromFiles}
        planned={flow.plannedValidators ?? 1}
        onChange={(count) => {
          setCountValid(count !== undefined);
          if (count !== undefined) update({ plannedValidators: count });
        }}
      />
      {custom ? (
        <Field label={t("ssv.funding.customDays")} error={errors.days?.message}>
          {(control) => <input {...control} inputMode="numeric" {...register("days")} />}
        </Field>
      ) : null}
      {chainState.isError ? (
        <ApiErrorAlert
          message={t("ssv.funding.readFailed")}
          error={chainState.error}
          retryLabel={t("ssv.retry")}
          onRetry={() => void chainState.refetch()}
        />
      ) : null}
      {check?.ok && chainState.data ? (
        <FundingFormula
          funding={check.funding}
          network={chainState.data}
          operatorFees={fees}
          newValidators={validators}
          existing={existing !== undefined}
          blocksPerDay={offering.blocksPerDay}
          balance={chainState.data.balance}
        />
      ) : null}
      {touched && error && !custom ? (
        <Alert tone="danger" role="alert">
          {error}
        </Alert>
      ) : null}
      <div className="actions">
        <Button onClick={() => void proceed()}>{t("ssv.continue")}</Button>
      </div>
    </Card>
  );
}
