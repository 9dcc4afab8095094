import { useTranslation } from "react-i18next";
import type { Staking } from "../../generated/index.ts";
import { describeStakingFacts, type FactsContext } from "./describe-staking.ts";

interface NetworkFactsProps {
  readonly staking: Staking;
  readonly symbol: string;
  /** id of the heading element, so several fact lists on a page stay distinct. */
  readonly headingId: string;
  /** What the screen knows beyond config (a pool's minimum and lock period, a stake without steps). */
  readonly context?: FactsContext;
}

/** The network's staking facts from config, each through a locale template. */
export function NetworkFacts({ staking, symbol, headingId, context }: NetworkFactsProps) {
  const { t } = useTranslation();
  return (
    <section className="facts" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("facts.heading")}</h2>
      <ul>
        {describeStakingFacts(t, staking, symbol, context).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
