import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AmountInput } from "../../components/ui/amount-input/AmountInput.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { type AmountRules, amountSchema, checkAmount } from "../../core/amount-rules.ts";
import type { Network } from "../../generated/index.ts";

/**
 * The amount a user plans to delegate on a guided network (Cosmos), checked against the network's limits
 * and decimals from config. Delegating itself happens in the network's own wallet, following the steps.
 */
export function PlanDelegationForm({ network, kind }: { readonly network: Network; readonly kind: string }) {
  const { t } = useTranslation();
  const id = useId();
  const rules: AmountRules = useMemo(
    () => ({
      minimum: network.staking.minimum,
      maximum: network.staking.maximum,
      step: network.staking.step,
      decimals: network.decimals,
      symbol: network.symbol,
    }),
    [network],
  );
  const schema = useMemo(() => z.object({ amount: amountSchema(rules) }), [rules]);
  const [planned, setPlanned] = useState<string | undefined>(undefined);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<{ amount: string }>({ resolver: zodResolver(schema), defaultValues: { amount: "" } });
  const problem = errors.amount ? checkAmount(getValues("amount"), rules) : undefined;
  const errorText =
    problem && !problem.ok
      ? t(problem.problem.key, "values" in problem.problem ? problem.problem.values : {})
      : undefined;

  return (
    <Card as="section" aria-labelledby={`${id}-heading`} className="plan-delegation">
      <h2 id={`${id}-heading`}>{t("guided.plan.heading", { symbol: network.symbol })}</h2>
      <form
        noValidate
        className="form-stack plan-delegation__form"
        onSubmit={handleSubmit(({ amount }) => setPlanned(amount.trim()))}
        onChange={() => setPlanned(undefined)}
      >
        <AmountInput
          label={`${t("guided.plan.amount")} (${network.symbol})`}
          error={errorText}
          symbol={network.symbol}
          decimals={network.decimals}
          {...register("amount")}
        />
        <Button type="submit" variant="secondary">
          {t("guided.plan.check")}
        </Button>
      </form>
      <p role="status">
        {planned
          ? t("guided.plan.ready", { amount: planned, symbol: network.symbol, network: network.name, kind })
          : ""}
      </p>
    </Card>
  );
}
