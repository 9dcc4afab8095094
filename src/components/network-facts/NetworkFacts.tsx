import { useTranslation } from "react-i18next";
import type { Staking } from "../../generated/index.ts";
import { describeStakingFacts } from "./describe-staking.ts";

interface NetworkFactsProps {
  readonly staking: Staking;
  readonly symbol: string;
  /** id of the heading element, so several fact lists on a page stay distinct. */
  readonly headingId: string;
}

/** The network's staking facts from config, each through a locale template. */
export function NetworkFacts({ staking, symbol, headingId }: NetworkFactsProps) {
  const { t } = useTranslation();
  return (
    <section className="facts" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("facts.heading")}</h2>
      <ul>
        {describeStakingFacts(t, staking, symbol).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
