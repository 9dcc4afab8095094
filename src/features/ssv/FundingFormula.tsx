import { useTranslation } from "react-i18next";
import { formatUnits } from "viem";
import { Stat } from "../../components/ui/stat/Stat.tsx";
import { StatGrid } from "../../components/ui/stat-grid/StatGrid.tsx";
import type { SsvFunding, SsvNetworkParameters } from "./ssv-funding.ts";

const ssv = (wei: bigint) => `${formatUnits(wei, 18)} SSV`;
const count = (value: bigint) => value.toLocaleString("en-US");

export interface FundingFormulaProps {
  readonly funding: SsvFunding;
  readonly network: SsvNetworkParameters;
  readonly operatorFees: readonly bigint[];
  readonly validators: number;
  /** The connected account's SSV, when known. */
  readonly balance: bigint | undefined;
}

/** The required SSV with every part of its formula, and the account's SSV beside it. */
export function FundingFormula({ funding, network, operatorFees, validators, balance }: FundingFormulaProps) {
  const { t } = useTranslation();
  const operators = operatorFees.reduce((sum, fee) => sum + fee, 0n);
  return (
    <section aria-labelledby="ssv-required" className="ssv-formula">
      <h2 id="ssv-required">{t("ssv.funding.required", { amount: ssv(funding.total) })}</h2>
      <p>{t("ssv.funding.formula")}</p>
      <StatGrid>
        <Stat label={t("ssv.funding.operatorFees")} value={t("ssv.funding.perBlock", { amount: ssv(operators) })} />
        <Stat
          label={t("ssv.funding.networkFee")}
          value={t("ssv.funding.perBlock", { amount: ssv(network.networkFee) })}
        />
        <Stat label={t("ssv.funding.validators")} value={validators} />
        <Stat
          label={t("ssv.funding.blocks")}
          value={count(funding.blocks)}
          hint={t("ssv.funding.blocksHint", { days: funding.days })}
        />
        <Stat label={t("ssv.funding.operatingCost")} value={ssv(funding.operatingCost)} />
        <Stat
          label={t("ssv.funding.collateral")}
          value={ssv(funding.collateral)}
          hint={t("ssv.funding.collateralHint", {
            blocks: count(network.liquidationThresholdPeriod),
            minimum: ssv(network.minimumLiquidationCollateral),
          })}
        />
        <Stat label={t("ssv.funding.total")} value={ssv(funding.total)} />
        <Stat
          label={t("ssv.funding.balance")}
          value={balance === undefined ? t("ssv.funding.connectForBalance") : ssv(balance)}
        />
      </StatGrid>
    </section>
  );
}
