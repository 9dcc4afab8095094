import { createHash } from "node:crypto";
import type { Hex } from "viem";
import { type BeaconNode, StateNotFoundError } from "./beacon-node.ts";
import type { BeaconHandler } from "./beacon-routes.ts";
import type { Proposal } from "./block-proposer.ts";

/** Stand-in roots: deterministic per slot and plainly not real block hashes. */
export function root(kind: string, slot: bigint): Hex {
  return `0x${createHash("sha256").update(`devnet-beacon-stand-in:${kind}:${slot}`).digest("hex")}`;
}

const ZERO_ROOT = `0x${"00".repeat(32)}`;

/**
 * The proposal a block_id names. A slot number names the block the devnet's validators proposed there (404 when
 * they proposed none: the rest of the network's blocks are not simulated); "head" names the head slot's.
 */
async function proposalAt(node: BeaconNode, blockId: string): Promise<{ slot: bigint; proposal?: Proposal }> {
  const slot = await node.slotOf(blockId);
  const proposal = node.proposals.get(slot);
  if (!proposal && blockId !== "head") throw new StateNotFoundError(`Block not found: no block at slot ${slot}`);
  return proposal ? { slot, proposal } : { slot };
}

function headerMessage(slot: bigint, proposerIndex: bigint) {
  return {
    slot: String(slot),
    proposer_index: String(proposerIndex),
    parent_root: slot === 0n ? ZERO_ROOT : root("block", slot - 1n),
    state_root: root("state", slot),
    body_root: root("body", slot),
  };
}

/** GET /eth/v1/beacon/headers/{block_id}. Without a proposal at the head, a stand-in header for its slot. */
export const blockHeader: BeaconHandler = async (node, request) => {
  const { slot, proposal } = await proposalAt(node, request.params[0] ?? "head");
  const { state } = await node.stateAt(String(slot));
  const proposerIndex = proposal
    ? BigInt(proposal.proposerIndex)
    : state.validators.length === 0
      ? 0n
      : slot % BigInt(state.validators.length);
  return {
    execution_optimistic: false,
    finalized: node.epochOf(slot) <= node.finalizedEpoch(),
    data: {
      root: root("block", slot),
      canonical: true,
      header: { message: headerMessage(slot, proposerIndex), signature: `0x${"00".repeat(96)}` },
    },
  };
};

/** GET /eth/v2/beacon/blocks/{block_id}: the signed block with its execution payload (transactions as hashes). */
export const block: BeaconHandler = async (node, request) => {
  const { slot, proposal } = await proposalAt(node, request.params[0] ?? "head");
  if (!proposal) throw new StateNotFoundError(`Block not found: no block at slot ${slot}`);
  const payload = proposal.block;
  return {
    version: "electra",
    execution_optimistic: false,
    finalized: node.epochOf(slot) <= node.finalizedEpoch(),
    data: {
      message: {
        ...headerMessage(slot, BigInt(proposal.proposerIndex)),
        body: {
          graffiti: ZERO_ROOT,
          execution_payload: {
            parent_hash: payload.parentHash,
            fee_recipient: proposal.feeRecipient.toLowerCase(),
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
            withdrawals: [],
          },
        },
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
