import { type Address, concat, type Hex, hexToBigInt, isHex, type PublicClient, size } from "viem";
import { consolidationRequestsAbi } from "../../../contracts/generated/index.ts";
import type { ContractCall } from "../../core/contract-call.ts";

/**
 * What an EIP-7251 request asks: `upgrade` switches one 0x01 validator to compounding (0x02) credentials (the
 * request names it as both source and target); `consolidate` moves `source`'s balance into `target` and exits
 * `source`.
 */
export type ConsolidationChoice =
  | { readonly kind: "upgrade"; readonly pubkey: Hex }
  | { readonly kind: "consolidate"; readonly sourcePubkey: Hex; readonly targetPubkey: Hex };

export interface BuildConsolidationRequestParameters {
  /** The EIP-7251 request contract (networks/*.json `contracts.consolidation`). */
  readonly contract: Address;
  readonly choice: ConsolidationChoice;
  /** The fee the contract reported at send time (readConsolidationRequestFee), sent exactly as msg.value. */
  readonly feeWei: bigint;
}

function checkPubkey(pubkey: Hex, role: string): Hex {
  if (!isHex(pubkey, { strict: true }) || size(pubkey) !== 48) {
    throw new RangeError(
      `the ${role} validator's public key is 48 bytes (0x and 96 hexadecimal digits), not ${pubkey}`,
    );
  }
  return pubkey;
}

/**
 * Builds an EIP-7251 consolidation request: input = source pubkey (48 bytes) ‖ target pubkey (48 bytes), 96
 * bytes to the request contract's fallback, the fee as msg.value. An upgrade names the same key twice. A
 * consolidation naming one validator as both is refused: the chain reads that as an upgrade, not a merge.
 */
export function buildConsolidationRequest(parameters: BuildConsolidationRequestParameters): ContractCall {
  const { contract, choice, feeWei } = parameters;
  const [source, target] =
    choice.kind === "upgrade"
      ? [checkPubkey(choice.pubkey, "upgraded"), checkPubkey(choice.pubkey, "upgraded")]
      : [checkPubkey(choice.sourcePubkey, "source"), checkPubkey(choice.targetPubkey, "target")];
  if (choice.kind === "consolidate" && source.toLowerCase() === target.toLowerCase()) {
    throw new RangeError("a consolidation needs two different validators; the same key twice is an upgrade to 0x02");
  }
  if (feeWei <= 0n) throw new RangeError(`the request fee is at least 1 wei, not ${feeWei}`);
  return { to: contract, abi: consolidationRequestsAbi, input: concat([source, target]), value: feeWei };
}

/**
 * Reads the EIP-7251 request fee the way the EIP specifies: a call with empty calldata (and no value) to the
 * request contract answers the fee for a request in the next block as 32 bytes.
 */
export async function readConsolidationRequestFee(client: PublicClient, contract: Address): Promise<bigint> {
  const { data } = await client.call({ to: contract });
  if (!data || size(data) !== 32) {
    throw new Error(`the consolidation request contract answered ${data ?? "nothing"} instead of a 32-byte fee`);
  }
  return hexToBigInt(data);
}
