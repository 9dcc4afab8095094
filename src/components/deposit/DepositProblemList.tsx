import { useTranslation } from "react-i18next";
import type { DepositProblem, DepositProblemCode } from "../../core/deposit/index.ts";

const PROBLEM_KEYS: Record<DepositProblemCode, string> = {
  not_a_list: "ethStake.problems.notAList",
  count_mismatch: "ethStake.problems.countMismatch",
  malformed: "ethStake.problems.malformed",
  fork_version_mismatch: "ethStake.problems.forkVersionMismatch",
  withdrawal_credentials_mismatch: "ethStake.problems.withdrawalCredentialsMismatch",
  amount_mismatch: "ethStake.problems.amountMismatch",
  deposit_message_root_mismatch: "ethStake.problems.depositMessageRootMismatch",
  deposit_data_root_mismatch: "ethStake.problems.depositDataRootMismatch",
  signature_invalid: "ethStake.problems.signatureInvalid",
  duplicate_pubkey: "ethStake.problems.duplicatePubkey",
  already_deposited: "ethStake.problems.alreadyDeposited",
};

/** Every rule the deposit data broke, one line each, naming the deposit (counted from 1) in the user's language. */
export function DepositProblemList({
  problems,
  context,
}: {
  readonly problems: readonly DepositProblem[];
  readonly context: {
    readonly network: string;
    readonly forkVersion: string;
    readonly address: string;
    readonly credentialType: string;
  };
}) {
  const { t } = useTranslation();
  return (
    <ul className="deposit-problems">
      {problems.map((problem) => (
        <li key={`${problem.index}-${problem.code}`}>
          {t(PROBLEM_KEYS[problem.code], { ...context, deposit: problem.index === null ? "" : problem.index + 1 })}
        </li>
      ))}
    </ul>
  );
}
