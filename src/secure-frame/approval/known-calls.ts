import { type AbiFunction, type AbiParameter, type Hex, slice, toFunctionSelector } from "viem";

/** "bytes32 deposit_data_root" → { type: "bytes32", name: "deposit_data_root" }. */
const inputs = (...parameters: readonly string[]): AbiParameter[] =>
  parameters.map((parameter) => {
    const [type = "", name = ""] = parameter.split(" ");
    return { type, name };
  });

const ssvCluster: AbiParameter = {
  type: "tuple",
  name: "cluster",
  components: inputs(
    "uint32 validatorCount",
    "uint64 networkFeeIndex",
    "uint64 index",
    "bool active",
    "uint256 balance",
  ),
};

const fn = (name: string, parameters: readonly AbiParameter[]): AbiFunction => ({
  type: "function",
  name,
  inputs: parameters,
  outputs: [],
  stateMutability: "nonpayable",
});

/**
 * The calls whose arguments the frame decodes and shows: ERC-20 approve / transfer / transferFrom (any token),
 * the deposit contract, the batch staking contract, the rewards claim, the delegation pool and SSV's
 * registrations. Written out here rather than imported from contracts/generated, which would add the whole
 * ABIs (≈5 KB gzip) to the frame; known-calls.test.ts holds every entry (names and types of every input) to
 * the generated ABIs, so none can drift.
 */
export const KNOWN_CALLS = [
  fn("approve", inputs("address spender", "uint256 amount")),
  fn("transfer", inputs("address to", "uint256 amount")),
  fn("transferFrom", inputs("address from", "address to", "uint256 amount")),
  fn("deposit", inputs("bytes pubkey", "bytes withdrawal_credentials", "bytes signature", "bytes32 deposit_data_root")),
  fn(
    "stake",
    inputs("bytes[] pubkeys", "bytes32 withdrawalCredentials", "bytes[] signatures", "bytes32[] depositDataRoots"),
  ),
  fn(
    "stakeCompounding",
    inputs(
      "bytes pubkey",
      "bytes32 withdrawalCredentials",
      "bytes signature",
      "bytes32 depositDataRoot",
      "uint256 amount",
    ),
  ),
  fn("claim", []),
  fn("increaseStake", []),
  fn("decreaseStake", inputs("uint256 amount")),
  fn("withdrawStake", inputs("uint256 amount")),
  fn("claimInterest", inputs("uint256 amount")),
  fn("claimAllInterest", []),
  fn("registerValidator", [
    ...inputs("bytes publicKey", "uint64[] operatorIds", "bytes sharesData", "uint256 amount"),
    ssvCluster,
  ]),
  fn("bulkRegisterValidator", [
    ...inputs("bytes[] publicKeys", "uint64[] operatorIds", "bytes[] sharesData", "uint256 amount"),
    ssvCluster,
  ]),
] as const;

const bySelector = new Map<Hex, AbiFunction>(KNOWN_CALLS.map((call) => [toFunctionSelector(call), call]));

/** A call's function: its 4-byte selector and, for a known call, its ABI entry. */
export function functionOf(data: Hex): { readonly selector: Hex; readonly abi: AbiFunction | undefined } | undefined {
  if (data.length < 10) return undefined;
  const selector = slice(data, 0, 4);
  return { selector, abi: bySelector.get(selector) };
}
