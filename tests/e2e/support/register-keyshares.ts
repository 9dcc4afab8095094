import type { Address, Hex, TransactionReceipt } from "viem";
import { approveSsv, emptyCluster, ssvSend } from "../../../contracts/test/ssv.ts";
import type { TestChain } from "../../../contracts/test/test-chain.ts";
import type { KeysharesEntry } from "../../../src/core/ssv/keyshares-file.ts";

/**
 * Registers the validator of a keyshares entry as its owner would, straight on the devnet's SSV network:
 * approves `ssv` and calls registerValidator with the entry's key, operators and shares, funding a new
 * cluster with `ssv`. Returns the receipt (clusterAfter reads the cluster from it).
 */
export async function registerKeyshares(
  chain: TestChain,
  owner: Address,
  entry: KeysharesEntry,
  ssv: bigint,
): Promise<TransactionReceipt> {
  await approveSsv(chain, owner, ssv);
  return ssvSend(chain, owner, "registerValidator", [
    entry.payload.publicKey as Hex,
    entry.payload.operatorIds.map(BigInt),
    entry.payload.sharesData as Hex,
    ssv,
    emptyCluster,
  ]);
}
