import { useTranslation } from "react-i18next";
import { formatUnits } from "viem";
import { Stat } from "../../components/ui/stat/Stat.tsx";
import { StatGrid } from "../../components/ui/stat-grid/StatGrid.tsx";
import type { SsvFunding, SsvNetworkParameters } from "./ssv-funding.ts";

const ssv = (wei: bigint) => `${formatUnits(wei, 18)} SSV`;
const count = (value: bigint | number) => value.toLocaleString("en-US");

export interface FundingFormulaProps {
  readonly funding: SsvFunding;
  readonly network: SsvNetworkParameters;
  readonly operatorFees: readonly bigint[];
  /** Validators being added (funding.validators also counts an existing cluster's). */
  readonly newValidators: number;
  /** Whether the validators join the owner's existing cluster (its balance counts). */
  readonly existing: boolean;
  readonly blocksPerDay: bigint;
  /** The connected account's SSV, when known. */
  readonly balance: bigint | undefined;
}

/** The SSV to deposit with every part of its formula, and the account's SSV beside it. */
export function FundingFormula(props: FundingFormulaProps) {
  const { funding, network, operatorFees, newValidators, existing, blocksPerDay, balance } = props;
  const { t } = useTranslation();
  const operators = operatorFees.reduce((sum, fee) => sum + fee, 0n);
  return (
    <section aria-labelledby="ssv-required" className="ssv-formula">
      <h2 id="ssv-required">
        {existing
          ? t("ssv.funding.toDepositHeading", { amount: ssv(funding.deposit) })
          : t("ssv.funding.required", { amount: ssv(funding.required) })}
      </h2>
      <p>{t(existing ? "ssv.funding.formulaExisting" : "ssv.funding.formula")}</p>
      <StatGrid>
        <Stat label={t("ssv.funding.operatorFees")} value={t("ssv.funding.perBlock", { amount: ssv(operators) })} />
        <Stat
          label={t("ssv.funding.networkFee")}
          value={t("ssv.funding.perBlock", { amount: ssv(network.networkFee) })}
        />
        <Stat
          label={t("ssv.funding.validators")}
          value={funding.validators}
          hint={
            existing
              ? t("ssv.funding.validatorsHint", {
                  existing: funding.validators - newValidators,
                  added: newValidators,
                })
              : undefined
          }
        />
        <Stat
          label={t("ssv.funding.blocks")}
          value={count(funding.blocks)}
          hint={t("ssv.funding.blocksHint", { days: funding.days, perDay: count(blocksPerDay) })}
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
        <Stat label={t("ssv.funding.total")} value={ssv(funding.required)} />
        {existing ? (
          <>
            <Stat label={t("ssv.funding.inCluster")} value={ssv(funding.inCluster)} />
            <Stat label={t("ssv.funding.toDeposit")} value={ssv(funding.deposit)} />
          </>
        ) : null}
        <Stat
          label={t("ssv.funding.balance")}
          value={balance === undefined ? t("ssv.funding.connectForBalance") : ssv(balance)}
        />
      </StatGrid>
    </section>
  );
}
