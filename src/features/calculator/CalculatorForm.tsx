import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNetworkApr } from "../../components/network-stats/network-apr.ts";
import { Field } from "../../components/ui/field/Field.tsx";
import { Select } from "../../components/ui/select/Select.tsx";
import { Toggle } from "../../components/ui/toggle/Toggle.tsx";
import { type AmountRules, checkAmount } from "../../core/check-amount.ts";
import { formatDate } from "../../core/format-date.ts";
import { isNetworkSlug, type Network, type NetworkSlug, networks, networksInHomeOrder } from "../../generated/index.ts";
import { checkResolver, type FieldProblems } from "../../lib/forms/check-resolver.ts";
import { estimateRewards } from "./estimate-rewards.ts";

const LIVE = networksInHomeOrder.filter((network) => network.status === "live");

/**
 * The network's own amount rules from config: its minimum and maximum (Ethereum 32 to 2048 ETH) and its decimals.
 * No step: a compounding validator takes any amount in the range.
 */
function amountRulesOf(network: Network): AmountRules {
  return {
    ...(network.staking.minimum === undefined ? {} : { minimum: network.staking.minimum }),
    ...(network.staking.maximum === undefined ? {} : { maximum: network.staking.maximum }),
    decimals: network.decimals,
    symbol: network.symbol,
  };
}

interface CalculatorValues {
  readonly amount: string;
  readonly apr: string;
}

function parseInput(text: string): number | undefined {
  if (!/^\d+(?:\.\d+)?$/.test(text.trim())) return undefined;
  return Number(text);
}

/**
 * The rewards calculator's form and results: network, amount and annual rate give daily, monthly and yearly
 * rewards, simple or compounded daily. Until the user types a rate, it is the backend's APR for the network (measured, else its
 * reference), or config's reference APR when the backend cannot be reached; the hint says which. A react-hook-form
 * form, checked as typed without zod (it is on the home page): each problem shows under its field.
 */
export function CalculatorForm({ initialNetwork }: { readonly initialNetwork: NetworkSlug | undefined }) {
  const { t, i18n } = useTranslation();
  const [slug, setSlug] = useState<NetworkSlug>(initialNetwork ?? ((LIVE[0]?.slug ?? "ethereum") as NetworkSlug));
  const network: Network = networks[slug];
  const networkApr = useNetworkApr(network);
  const [compound, setCompound] = useState(false);

  // What is wrong with each field: the form's resolver (errors under the fields as typed) and the results read it.
  const check = useMemo(() => {
    const rules = amountRulesOf(network);
    return ({ amount, apr }: CalculatorValues): FieldProblems<CalculatorValues> => {
      const amountCheck = checkAmount(amount, rules);
      const aprValue = parseInput(apr);
      // The 0-100 bound is for a typed rate; the network's own rate is shown as it is (a devnet's can be higher).
      const typed = apr !== networkApr?.apr;
      return {
        amount: amountCheck.ok
          ? undefined
          : t(amountCheck.problem.key, "values" in amountCheck.problem ? amountCheck.problem.values : {}),
        // No rate yet is no error to show: the hint asks for one.
        apr:
          apr !== "" && (aprValue === undefined || (typed && aprValue > 100)) ? t("calculator.errors.apr") : undefined,
      };
    };
  }, [network, networkApr?.apr, t]);
  const resolver = useMemo(() => checkResolver(check), [check]);
  const {
    register,
    reset,
    resetField,
    trigger,
    control,
    getFieldState,
    formState: { errors },
  } = useForm<CalculatorValues>({
    mode: "onChange",
    resolver,
    defaultValues: { amount: network.staking.minimum ?? "100", apr: networkApr?.apr ?? "" },
  });
  // Until the user types a rate, the field shows the network's (and follows the stats when they arrive).
  // Keyed on the network too: two networks can have the same rate, and the field is emptied on a change of network.
  useEffect(() => {
    if (slug && !getFieldState("apr").isDirty) resetField("apr", { defaultValue: networkApr?.apr ?? "" });
  }, [slug, networkApr?.apr, getFieldState, resetField]);
  // Messages follow the chosen language.
  useEffect(() => {
    if (i18n.language) void trigger(undefined);
  }, [i18n.language, trigger]);
  const { amount = "", apr = "" } = useWatch({ control });
  const problems = check({ amount, apr });
  const aprValue = parseInput(apr);
  const estimate =
    problems.amount || problems.apr || aprValue === undefined
      ? undefined
      : estimateRewards(Number(amount.trim()), aprValue, compound);
  const format = new Intl.NumberFormat(i18n.language.replace("_", "-"), { maximumFractionDigits: 6 });

  const chooseNetwork = (value: string) => {
    // Choosing the network already shown changes nothing (and keeps what was typed).
    if (!isNetworkSlug(value) || value === slug) return;
    const chosen: Network = networks[value];
    setSlug(value);
    reset({ amount: chosen.staking.minimum ?? "100", apr: "" });
  };

  return (
    <>
      <form className="calculator-form" noValidate onSubmit={(event) => event.preventDefault()}>
        <Select label={t("calculator.network")} value={slug} onChange={(event) => chooseNetwork(event.target.value)}>
          {LIVE.map((option) => (
            <option key={option.slug} value={option.slug}>
              {option.name}
            </option>
          ))}
        </Select>
        <Field label={`${t("calculator.amount")} (${network.symbol})`} error={errors.amount?.message}>
          {(fieldControl) => <input inputMode="decimal" {...fieldControl} {...register("amount")} />}
        </Field>
        <Field
          label={t("calculator.apr")}
          error={errors.apr?.message}
          hint={
            errors.apr
              ? undefined
              : networkApr
                ? t(`stakingOverview.aprSource.${networkApr.source}`, { network: network.name, apr: networkApr.apr })
                : t("calculator.aprHint", { network: network.name })
          }
        >
          {(fieldControl) => <input inputMode="decimal" {...fieldControl} {...register("apr")} />}
        </Field>
        <Toggle label={t("calculator.compound")} checked={compound} onChange={setCompound} />
      </form>
      <h3>{t("calculator.results")}</h3>
      <dl className="calculator-results" aria-live="polite">
        {(["daily", "monthly", "yearly"] as const).map((period) => (
          <div key={period}>
            <dt>{t(`calculator.${period}`)}</dt>
            <dd data-period={period}>
              {estimate
                ? t("calculator.value", { amount: format.format(estimate[period]), symbol: network.symbol })
                : "—"}
            </dd>
          </div>
        ))}
      </dl>
      <p className="hint">{t("calculator.asOf", { date: formatDate(new Date()) })}</p>
    </>
  );
}
