export { blsPublicKey } from "./bls-noble.ts";
export {
  checkDepositData,
  type DepositExpectations,
  type DepositProblem,
  type DepositProblemCode,
  type DepositVerification,
  type PendingDepositVerification,
  verifyDepositDataWith,
} from "./check-deposit-data.ts";
export { type BlsSigner, createDepositData, type DepositInput } from "./create-deposit-data.ts";
export {
  DEPOSIT_CLI_VERSION,
  type DepositDataEntry,
  depositDataEntrySchema,
  depositDataFileSchema,
  GWEI_PER_ETH,
} from "./deposit-data-file.ts";
export {
  computeDepositDomain,
  computeSigningRoot,
  type SignatureCheck,
  type VerifySignatures,
} from "./signing.ts";
export { verifyDepositData } from "./verify-deposit-data.ts";
export { type CredentialType, readWithdrawalCredentials, withdrawalCredentials } from "./withdrawal-credentials.ts";
