import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { DepositDataRejectedError } from "../../families/ethereum-beacon/stake-errors.ts";
import type { AppError } from "../../lib/app-error.ts";
import { DepositProblemList } from "./DepositProblemList.tsx";
import type { StakeFormValues } from "./stake-form-rules.ts";
import type { StakeOffering } from "./stake-offering.ts";

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
    <section aria-labelledby="stake-refused">
      <h2 id="stake-refused" ref={headingRef} tabIndex={-1}>
        {t("ethStake.errors.generateFailed")}
      </h2>
      <div role="alert">
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
      </div>
      <div className="actions">
        <button type="button" onClick={onBack}>
          {t("ethStake.backToDetails")}
        </button>
        <button type="button" className="primary" onClick={onRetry}>
          {t("ethStake.tryAgain")}
        </button>
      </div>
    </section>
  );
}
