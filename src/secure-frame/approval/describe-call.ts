import { type Address, decodeAbiParameters, type Hex, size, slice } from "viem";
import { text } from "../ui/texts.ts";
import { coinAmount, type DetailRow } from "./chain-terms.ts";
import { allowance, groupedAddress, tokenAmount, withdrawalCredentialsText } from "./format-values.ts";
import { functionOf } from "./known-calls.ts";
import { contractRole, tokenAt } from "./known-contracts.ts";

/** What a call does, for its approval: the function ("approve (0x095ea7b3)") and its arguments in words. */
export interface CallDescription {
  readonly function: string;
  readonly rows: readonly DetailRow[];
}

type Args = readonly unknown[];
type Describe = (args: Args, chainId: number, to: Address | undefined) => DetailRow[];

const keys = (pubkeys: unknown) => (pubkeys as readonly Hex[]).join("\n");
const operators = (ids: unknown) => (ids as readonly bigint[]).join(", ");
const ssvAmount = (amount: unknown) => tokenAmount(amount as bigint, { symbol: "SSV", decimals: 18 });
const poolAmount = ([amount]: Args, chainId: number): DetailRow[] => [
  [text("poolAmount"), coinAmount(chainId, amount as bigint)],
];

/** Each known call's arguments as rows, by function name (known-calls.ts lists the ABI entries). */
const DESCRIBE: Record<string, Describe> = {
  approve: ([spender, amount], chainId, to) => [
    [text("spender"), groupedAddress(spender as Address)],
    [text("allowance"), allowance(amount as bigint, tokenAt(chainId, to))],
  ],
  transfer: ([recipient, amount], chainId, to) => [
    [text("recipient"), groupedAddress(recipient as Address)],
    [text("tokenAmount"), tokenAmount(amount as bigint, tokenAt(chainId, to))],
  ],
  transferFrom: ([from, recipient, amount], chainId, to) => [
    [text("from"), groupedAddress(from as Address)],
    [text("recipient"), groupedAddress(recipient as Address)],
    [text("tokenAmount"), tokenAmount(amount as bigint, tokenAt(chainId, to))],
  ],
  deposit: ([pubkey, credentials]) => [
    [text("validatorKey"), pubkey as Hex],
    [text("withdrawalCredentials"), withdrawalCredentialsText(credentials as Hex)],
  ],
  stake: ([pubkeys, credentials]) => [
    [text("validatorCount"), String((pubkeys as Args).length)],
    [text("withdrawalCredentials"), withdrawalCredentialsText(credentials as Hex)],
    [text("validatorKeys"), keys(pubkeys)],
  ],
  stakeCompounding: ([pubkey, credentials, , , amount], chainId) => [
    [text("validatorKey"), pubkey as Hex],
    [text("withdrawalCredentials"), withdrawalCredentialsText(credentials as Hex)],
    [text("depositAmount"), coinAmount(chainId, amount as bigint)],
  ],
  claim: () => [],
  // The pool's stake is the value sent, shown with the transaction's amount.
  increaseStake: () => [],
  decreaseStake: poolAmount,
  withdrawStake: poolAmount,
  claimInterest: ([amount], chainId) => [[text("interestAmount"), coinAmount(chainId, amount as bigint)]],
  claimAllInterest: () => [],
  registerValidator: ([pubkey, ids, , amount]) => [
    [text("validatorKey"), pubkey as Hex],
    [text("operators"), operators(ids)],
    [text("ssvAmount"), ssvAmount(amount)],
  ],
  bulkRegisterValidator: ([pubkeys, ids, , amount]) => [
    [text("validatorKeys"), keys(pubkeys)],
    [text("operators"), operators(ids)],
    [text("ssvAmount"), ssvAmount(amount)],
  ],
};

/**
 * EIP-7002 and EIP-7251 requests: calls without a selector to the system contracts (the chain's `withdrawal`
 * and `consolidation` contracts): 48-byte pubkey ‖ 8-byte amount in gwei (0 = full exit), or source pubkey ‖
 * target pubkey (the same key twice switches the validator to compounding credentials).
 */
function systemRequest(chainId: number, to: Address, data: Hex): CallDescription | undefined {
  const role = contractRole(chainId, to);
  if (role === "withdrawal" && size(data) === 56) {
    const gwei = BigInt(slice(data, 48, 56));
    return {
      function: text("withdrawalRequest"),
      rows: [
        [text("validatorKey"), slice(data, 0, 48)],
        [text("withdrawalAmount"), gwei === 0n ? text("fullExit") : coinAmount(chainId, gwei * 10n ** 9n)],
      ],
    };
  }
  if (role === "consolidation" && size(data) === 96) {
    const source = slice(data, 0, 48);
    const target = slice(data, 48, 96);
    return {
      function: text("consolidationRequest"),
      rows:
        source === target
          ? [
              [text("validatorKey"), source],
              [text("consolidationKind"), text("switchToCompounding")],
            ]
          : [
              [text("sourceValidator"), source],
              [text("targetValidator"), target],
            ],
    };
  }
  return undefined;
}

/**
 * The call `data` makes to `to`: the known calls with their decoded arguments, EIP-7002/7251 requests, the bare
 * selector for any other function, nothing for a plain transfer. A known selector whose arguments do not decode
 * says so instead of guessing.
 */
export function describeCall(
  chainId: number,
  to: Address | undefined,
  data: Hex | undefined,
): CallDescription | undefined {
  if (!data || data === "0x") return undefined;
  const request = to ? systemRequest(chainId, to, data) : undefined;
  if (request) return request;
  const call = functionOf(data);
  if (!call) return undefined;
  if (!call.abi) return { function: call.selector, rows: [] };
  const name = `${call.abi.name} (${call.selector})`;
  try {
    const args = call.abi.inputs.length === 0 ? [] : decodeAbiParameters(call.abi.inputs, slice(data, 4));
    return { function: name, rows: DESCRIBE[call.abi.name]?.(args, chainId, to) ?? [] };
  } catch {
    return { function: name, rows: [[text("arguments"), text("undecodableArguments")]] };
  }
}
