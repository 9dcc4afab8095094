import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { DepositProblemList } from "../../components/deposit/DepositProblemList.tsx";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import type { AppError } from "../../core/app-error.ts";
import type { StakeOffering } from "../../core/stake-offering.ts";
import { DepositDataRejectedError } from "../../families/ethereum-beacon/stake-errors.ts";
import type { StakeFormValues } from "./stake-form-rules.ts";

export interface GenerateRefusalProps {
  readonly error: AppError;
  readonly offering: StakeOffering;
  readonly account: Address | undefined;
  readonly credentialType: StakeFormValues["credentialType"];
  /** The heading, focused when this step is shown. */
  readonly headingRef: Ref<HTMLHeadingElement>;
  onBack(): void;
  onRetry(): void;
}

/** Why the deposit data could not be prepared (each verification problem on its own line), with back and retry. */
export function GenerateRefusal({
  error,
  offering,
  account,
  credentialType,
  headingRef,
  onBack,
  onRetry,
}: GenerateRefusalProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="stake-refused" className="stake-card__step">
      <h2 id="stake-refused" ref={headingRef} tabIndex={-1}>
        {t("ethStake.errors.generateFailed")}
      </h2>
      <Alert tone="danger">
        <p>{t(error.shortMessage, error.values)}</p>
        {error instanceof DepositDataRejectedError && account ? (
          <DepositProblemList
            problems={error.problems}
            context={{
              network: offering.chain.name,
              forkVersion: offering.environment.genesisForkVersion,
              address: account,
              credentialType,
            }}
          />
        ) : null}
      </Alert>
      <div className="actions">
        <Button variant="secondary" onClick={onBack}>
          {t("ethStake.backToDetails")}
        </Button>
        <Button onClick={onRetry}>{t("ethStake.tryAgain")}</Button>
      </div>
    </section>
  );
}
