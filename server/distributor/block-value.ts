import { type Address, type Hash, type PublicClient, parseEventLogs } from "viem";
import { rewardsClaimAbi } from "../../contracts/generated/index.ts";

/** What a proposed block paid the fee recipient, and whether its balance change agrees. Amounts in wei. */
export interface BlockValue {
  readonly number: bigint;
  readonly hash: Hash;
  readonly timestamp: bigint;
  /** Sum over the block's transactions of gasUsed × effective tip, when the fee recipient is the coinbase. */
  readonly priorityFees: bigint;
  /** Plain transfers to the fee recipient (its Received events): MEV payments. */
  readonly transfers: bigint;
  /** Balance change of the fee recipient at this block minus what the block explains (0 when they agree). */
  readonly mismatch: bigint;
}

/**
 * Reads a block's value to the fee recipient (RewardsClaim) from the execution chain: priority fees, transfers,
 * and, as a cross-check, the recipient's balance before and after. Ether moved by the claim contract's own
 * calls in that block (claims paid out, accrue with value) is part of the expected change, not of the value.
 */
export async function readBlockValue(client: PublicClient, number: bigint, feeRecipient: Address): Promise<BlockValue> {
  const recipient = feeRecipient.toLowerCase();
  const block = await client.getBlock({ blockNumber: number, includeTransactions: true });
  const baseFee = block.baseFeePerGas ?? 0n;
  const coinbase = block.miner.toLowerCase() === recipient;
  let priorityFees = 0n;
  let transfers = 0n;
  let otherChange = 0n;
  for (const transaction of block.transactions) {
    const receipt = await client.getTransactionReceipt({ hash: transaction.hash });
    if (coinbase) priorityFees += receipt.gasUsed * (receipt.effectiveGasPrice - baseFee);
    const logs = parseEventLogs({
      abi: rewardsClaimAbi,
      logs: receipt.logs.filter((log) => log.address.toLowerCase() === recipient),
    });
    for (const log of logs) {
      if (log.eventName === "Received") transfers += log.args.amount;
      else if (log.eventName === "Claimed") otherChange -= log.args.amount;
    }
    const call = transaction.to?.toLowerCase() === recipient && transaction.input !== "0x";
    if (call && receipt.status === "success") otherChange += transaction.value;
  }
  const [before, after] = await Promise.all([
    client.getBalance({ address: feeRecipient, blockNumber: number - 1n }),
    client.getBalance({ address: feeRecipient, blockNumber: number }),
  ]);
  return {
    number,
    hash: block.hash,
    timestamp: block.timestamp,
    priorityFees,
    transfers,
    mismatch: after - before - (priorityFees + transfers + otherChange),
  };
}
