import { createHash } from "node:crypto";
import type { Hex } from "viem";
import { type BeaconNode, StateNotFoundError } from "./beacon-node.ts";
import type { BeaconHandler } from "./beacon-routes.ts";
import type { Payout } from "./beacon-state.ts";
import type { Proposal } from "./block-proposer.ts";

/** Stand-in roots: deterministic per slot and plainly not real block hashes. */
export function root(kind: string, slot: bigint): Hex {
  return `0x${createHash("sha256").update(`devnet-beacon-stand-in:${kind}:${slot}`).digest("hex")}`;
}

const ZERO_ROOT = `0x${"00".repeat(32)}`;

interface BlockAt {
  readonly slot: bigint;
  /** The devnet validators' proposal there, if any. */
  readonly proposal?: Proposal;
  /** The withdrawals its execution payload carries. */
  readonly withdrawals: readonly Payout[];
  /** Root of the block before it (the zero root for the first). */
  readonly parentRoot: string;
}

/**
 * The block a block_id names: a slot, "head" (or another named state) or a block root. A slot holds a block
 * when the devnet's validators proposed there or withdrawals were paid in it (404 otherwise: the rest of the
 * network's blocks are not simulated); "head" names the head slot even without one, with a stand-in header.
 */
async function blockAt(node: BeaconNode, blockId: string): Promise<BlockAt & { readonly exists: boolean }> {
  await node.stateAt("head");
  const slots = node.blockSlots();
  let slot: bigint;
  if (/^0x[0-9a-fA-F]{64}$/.test(blockId)) {
    const found = slots.find((candidate) => root("block", candidate) === blockId.toLowerCase());
    if (found === undefined) throw new StateNotFoundError(`Block not found: ${blockId}`);
    slot = found;
  } else {
    slot = await node.slotOf(blockId);
  }
  const proposal = node.proposals.get(slot);
  const withdrawals = node.withdrawalsAt(slot);
  const exists = proposal !== undefined || withdrawals.length > 0;
  if (!exists && blockId !== "head") throw new StateNotFoundError(`Block not found: no block at slot ${slot}`);
  const earlier = slots.filter((candidate) => candidate < slot);
  const last = earlier[earlier.length - 1];
  const parentRoot = last === undefined ? ZERO_ROOT : root("block", last);
  return { slot, withdrawals, parentRoot, exists, ...(proposal ? { proposal } : {}) };
}

function headerMessage(block: BlockAt, proposerIndex: bigint) {
  return {
    slot: String(block.slot),
    proposer_index: String(proposerIndex),
    parent_root: block.parentRoot,
    state_root: root("state", block.slot),
    body_root: root("body", block.slot),
  };
}

/** A proposer for a block of the rest of the network: any index, as on a network the devnet is part of. */
function otherProposer(slot: bigint, validatorCount: number): bigint {
  return validatorCount === 0 ? 0n : slot % BigInt(validatorCount);
}

/** GET /eth/v1/beacon/headers/{block_id}. Without a block at the head, a stand-in header for its slot. */
export const blockHeader: BeaconHandler = async (node, request) => {
  const found = await blockAt(node, request.params[0] ?? "head");
  const { state } = await node.stateAt(String(found.slot));
  const proposerIndex = found.proposal
    ? BigInt(found.proposal.proposerIndex)
    : otherProposer(found.slot, state.validators.length);
  return {
    execution_optimistic: false,
    finalized: node.epochOf(found.slot) <= node.finalizedEpoch(),
    data: {
      root: root("block", found.slot),
      canonical: true,
      header: { message: headerMessage(found, proposerIndex), signature: `0x${"00".repeat(96)}` },
    },
  };
};

const withdrawalJson = (payout: Payout) => ({
  index: String(payout.index),
  validator_index: String(payout.validatorIndex),
  address: payout.address.toLowerCase(),
  amount: String(payout.amount),
});

/**
 * GET /eth/v2/beacon/blocks/{block_id}: the signed block with its execution payload (transactions as hashes)
 * and the withdrawals paid in it. A block that only carries withdrawals stands for one of the rest of the
 * network: its payload is no block of the devnet's execution chain.
 */
export const block: BeaconHandler = async (node, request) => {
  const found = await blockAt(node, request.params[0] ?? "head");
  if (!found.exists) throw new StateNotFoundError(`Block not found: no block at slot ${found.slot}`);
  const withdrawals = found.withdrawals.map(withdrawalJson);
  // The head state's validator count (a past state would be replayed from genesis, for a made-up proposer).
  const { state } = await node.stateAt("head");
  const payload = found.proposal?.block;
  const execution = payload
    ? {
        parent_hash: payload.parentHash,
        fee_recipient: found.proposal?.feeRecipient.toLowerCase(),
        state_root: payload.stateRoot,
        receipts_root: payload.receiptsRoot,
        block_number: String(payload.number),
        gas_limit: String(payload.gasLimit),
        gas_used: String(payload.gasUsed),
        timestamp: String(payload.timestamp),
        base_fee_per_gas: String(payload.baseFeePerGas),
        block_hash: payload.hash,
        // A real payload carries the raw transactions; the stand-in gives their hashes (read them from the EL).
        transactions: payload.transactions,
        withdrawals,
      }
    : {
        parent_hash: ZERO_ROOT,
        fee_recipient: `0x${"00".repeat(20)}`,
        state_root: root("execution-state", found.slot),
        receipts_root: root("receipts", found.slot),
        block_number: "0",
        gas_limit: "30000000",
        gas_used: "0",
        timestamp: String(node.watcher.genesisTime + found.slot * BigInt(node.params.secondsPerSlot)),
        base_fee_per_gas: "0",
        block_hash: root("execution-block", found.slot),
        transactions: [],
        withdrawals,
      };
  const proposerIndex = found.proposal
    ? BigInt(found.proposal.proposerIndex)
    : otherProposer(found.slot, state.validators.length);
  return {
    version: "electra",
    execution_optimistic: false,
    finalized: node.epochOf(found.slot) <= node.finalizedEpoch(),
    data: {
      message: {
        ...headerMessage(found, proposerIndex),
        body: { graffiti: ZERO_ROOT, execution_payload: execution },
      },
      signature: `0x${"00".repeat(96)}`,
    },
  };
};

/** GET /eth/v1/beacon/states/{state_id}/finality_checkpoints: finality two epochs behind the head. */
export const finalityCheckpoints: BeaconHandler = async (node, request) => {
  const { epoch, finalized } = await node.stateAt(request.params[0] ?? "head");
  const finalizedEpoch = epoch > 2n ? epoch - 2n : 0n;
  const justifiedEpoch = epoch > 1n ? epoch - 1n : 0n;
  const checkpoint = (at: bigint) => ({
    epoch: String(at),
    root: root("block", at * BigInt(node.params.slotsPerEpoch)),
  });
  return {
    execution_optimistic: false,
    finalized,
    data: {
      previous_justified: checkpoint(finalizedEpoch),
      current_justified: checkpoint(justifiedEpoch),
      finalized: checkpoint(finalizedEpoch),
    },
  };
};
