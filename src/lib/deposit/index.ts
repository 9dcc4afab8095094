export { createDepositData, type DepositInput } from "./create-deposit-data.ts";
export {
  DEPOSIT_CLI_VERSION,
  type DepositDataEntry,
  depositDataEntrySchema,
  depositDataFileSchema,
  GWEI_PER_ETH,
} from "./deposit-data-file.ts";
export { blsPublicKey, computeDepositDomain, computeSigningRoot } from "./signing.ts";
export {
  type DepositExpectations,
  type DepositProblem,
  type DepositProblemCode,
  type DepositVerification,
  verifyDepositData,
} from "./verify-deposit-data.ts";
export { type CredentialType, readWithdrawalCredentials, withdrawalCredentials } from "./withdrawal-credentials.ts";
