import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNetworkApr } from "../../components/network-stats/network-apr.ts";
import { Field } from "../../components/ui/field/Field.tsx";
import { Select } from "../../components/ui/select/Select.tsx";
import { Toggle } from "../../components/ui/toggle/Toggle.tsx";
import { type AmountRules, checkAmount } from "../../core/check-amount.ts";
import { formatDate } from "../../core/format-date.ts";
import { isNetworkSlug, type Network, type NetworkSlug, networks, networksInHomeOrder } from "../../generated/index.ts";
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

function parseInput(text: string): number | undefined {
  if (!/^\d+(?:\.\d+)?$/.test(text.trim())) return undefined;
  return Number(text);
}

/**
 * Rewards calculator: network, amount and annual rate give daily, monthly and yearly rewards, simple or
 * compounded daily. Until the user types a rate, it is the backend's APR for the network (measured, else its
 * reference), or config's reference APR when the backend cannot be reached; the hint says which.
 */
export function RewardsCalculator({ initialNetwork }: { readonly initialNetwork?: NetworkSlug } = {}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [slug, setSlug] = useState<NetworkSlug>(initialNetwork ?? ((LIVE[0]?.slug ?? "ethereum") as NetworkSlug));
  const network: Network = networks[slug];
  const [amount, setAmount] = useState(network.staking.minimum ?? "100");
  const networkApr = useNetworkApr(network);
  // undefined until the user types a rate: the network's rate is shown (and follows the stats when they arrive).
  const [typedApr, setApr] = useState<string | undefined>(undefined);
  const apr = typedApr ?? networkApr?.apr ?? "";
  const [compound, setCompound] = useState(false);

  const amountCheck = checkAmount(amount, amountRulesOf(network));
  const amountValue = amountCheck.ok ? Number(amount.trim()) : undefined;
  const aprValue = parseInput(apr);
  const amountError = amountCheck.ok
    ? undefined
    : t(amountCheck.problem.key, "values" in amountCheck.problem ? amountCheck.problem.values : {});
  // The 0-100 bound is for a typed rate; the network's own rate is shown as it is (a devnet's can be higher).
  const aprError =
    aprValue === undefined || (typedApr !== undefined && aprValue > 100) ? t("calculator.errors.apr") : undefined;
  const estimate =
    amountError || aprError || amountValue === undefined || aprValue === undefined
      ? undefined
      : estimateRewards(amountValue, aprValue, compound);
  const format = new Intl.NumberFormat(i18n.language.replace("_", "-"), { maximumFractionDigits: 6 });

  const chooseNetwork = (value: string) => {
    if (!isNetworkSlug(value)) return;
    const chosen: Network = networks[value];
    setSlug(value);
    setAmount(chosen.staking.minimum ?? "100");
    setApr(undefined);
  };

  return (
    <section id="calculator" className="calculator" aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <h2 id={`${id}-heading`}>{t("calculator.heading")}</h2>
      <p>{t("calculator.intro")}</p>
      <div className="calculator-form">
        <Select label={t("calculator.network")} value={slug} onChange={(event) => chooseNetwork(event.target.value)}>
          {LIVE.map((option) => (
            <option key={option.slug} value={option.slug}>
              {option.name}
            </option>
          ))}
        </Select>
        <Field label={`${t("calculator.amount")} (${network.symbol})`} error={amountError}>
          {(control) => (
            <input
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              {...control}
            />
          )}
        </Field>
        <Field
          label={t("calculator.apr")}
          error={aprError && apr !== "" ? aprError : undefined}
          hint={
            aprError && apr !== ""
              ? undefined
              : networkApr
                ? t(`stakingOverview.aprSource.${networkApr.source}`, { network: network.name, apr: networkApr.apr })
                : t("calculator.aprHint", { network: network.name })
          }
        >
          {(control) => (
            <input inputMode="decimal" value={apr} onChange={(event) => setApr(event.target.value)} {...control} />
          )}
        </Field>
        <Toggle label={t("calculator.compound")} checked={compound} onChange={setCompound} />
      </div>
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
    </section>
  );
}
