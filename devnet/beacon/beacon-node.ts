import type { Address, Hex } from "viem";
import type { BeaconParams } from "./beacon-params.ts";
import { BeaconState, type Payout } from "./beacon-state.ts";
import type { Proposal } from "./block-proposer.ts";
import type { ChainWatcher } from "./chain-watcher.ts";

export interface StateAtSlot {
  readonly state: BeaconState;
  readonly slot: bigint;
  readonly epoch: bigint;
  readonly finalized: boolean;
}

/** Credits `gwei` to `address` on the execution chain (the devnet does it with anvil_setBalance). */
export type PayOut = (address: Address, gwei: bigint) => Promise<void>;

export class StateNotFoundError extends Error {}
export class InvalidStateIdError extends Error {}

/**
 * The devnet consensus layer: a clock (head slot from genesis and the current time) and validator states
 * replayed from the watcher's events. The head state is kept and advanced; other states are replayed.
 */
export class BeaconNode {
  private head: BeaconState;
  private eventsSeen = 0;
  private runningSeen = 0;
  private readonly runs: ((pubkey: Hex) => boolean) | undefined;
  /** Validators (lowercase pubkeys) whose client is down: liveness reports them not live. For tests. */
  readonly offline = new Set<string>();
  /** Blocks the devnet's validators proposed, by slot (see BlockProposer). */
  readonly proposals = new Map<bigint, Proposal>();
  /** Gwei already credited on the execution chain, by validator pubkey (survives head rebuilds). */
  private readonly credited = new Map<Hex, bigint>();

  constructor(
    readonly watcher: ChainWatcher,
    readonly params: BeaconParams,
    private readonly payOut?: PayOut,
    /**
     * Validators a validator client runs (lowercase pubkeys); only they activate. Without it, every one does. When
     * it grows the states are replayed, so a key imported late counts as run from its deposit on: a test that moves
     * the clock past the activation before the import still sees the validator active.
     */
    private readonly running?: ReadonlySet<string>,
  ) {
    this.runs = running && ((pubkey) => running.has(pubkey.toLowerCase()));
    this.head = new BeaconState(params, this.runs);
  }

  headSlot(): bigint {
    return this.watcher.slotAt(this.watcher.now());
  }

  epochOf(slot: bigint): bigint {
    return slot / BigInt(this.params.slotsPerEpoch);
  }

  /** Reads new chain events, then returns the state named by a Beacon API state_id. */
  async stateAt(stateId: string): Promise<StateAtSlot> {
    await this.watcher.sync();
    const headSlot = this.headSlot();
    const headEpoch = this.epochOf(headSlot);
    const finalizedEpoch = headEpoch > 2n ? headEpoch - 2n : 0n;
    let slot: bigint;
    if (stateId === "head") slot = headSlot;
    else if (stateId === "genesis") slot = 0n;
    else if (stateId === "finalized") slot = finalizedEpoch * BigInt(this.params.slotsPerEpoch);
    else if (stateId === "justified") slot = (headEpoch > 1n ? headEpoch - 1n : 0n) * BigInt(this.params.slotsPerEpoch);
    else if (/^\d+$/.test(stateId)) slot = BigInt(stateId);
    else if (/^0x[0-9a-fA-F]{64}$/.test(stateId)) throw new StateNotFoundError("State not found");
    else throw new InvalidStateIdError(`Invalid state ID: ${stateId}`);
    if (slot > headSlot) throw new StateNotFoundError("State not found");
    const epoch = this.epochOf(slot);
    const atEpoch = this.replayTo(epoch);
    if (atEpoch === this.head) await this.creditWithdrawals();
    // The epoch's blocks up to `slot` have run too: requests take effect in their block.
    const sinceEpoch = this.watcher.events.filter((event) => event.slot <= slot && this.epochOf(event.slot) === epoch);
    const state = sinceEpoch.length === 0 ? atEpoch : atEpoch.clone();
    if (state !== atEpoch) state.applyBlocks(sinceEpoch);
    return { state, slot, epoch, finalized: epoch <= finalizedEpoch };
  }

  /** The slot a Beacon API block_id names ("head", "genesis", "finalized", "justified" or a slot number). */
  async slotOf(blockId: string): Promise<bigint> {
    return (await this.stateAt(blockId)).slot;
  }

  /** Finalized epoch at the head: two epochs behind it, as on a healthy chain. */
  finalizedEpoch(): bigint {
    const headEpoch = this.epochOf(this.headSlot());
    return headEpoch > 2n ? headEpoch - 2n : 0n;
  }

  /**
   * Slots that hold a block, oldest first, up to the head: those the devnet's validators proposed and those
   * whose block carries withdrawals (the first slot of the epoch they were paid in). Call after stateAt("head").
   */
  blockSlots(): bigint[] {
    const slots = new Set(this.proposals.keys());
    for (const payout of this.head.payouts) slots.add(payout.epoch * BigInt(this.params.slotsPerEpoch));
    const head = this.headSlot();
    return [...slots].filter((slot) => slot <= head).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The withdrawals the block at `slot` carries. Call after stateAt("head"). */
  withdrawalsAt(slot: bigint): Payout[] {
    const perEpoch = BigInt(this.params.slotsPerEpoch);
    return slot % perEpoch !== 0n ? [] : this.head.payouts.filter((payout) => payout.epoch * perEpoch === slot);
  }

  /** Pays what validators withdrew since the last call to their 0x01/0x02 withdrawal addresses. */
  private async creditWithdrawals(): Promise<void> {
    if (!this.payOut) return;
    for (const [index, total] of this.head.withdrawn) {
      const validator = this.head.validators[index];
      if (!validator) continue;
      const due = total - (this.credited.get(validator.pubkey) ?? 0n);
      const prefix = validator.withdrawalCredentials.slice(0, 4);
      if (due <= 0n || (prefix !== "0x01" && prefix !== "0x02")) continue;
      this.credited.set(validator.pubkey, total);
      await this.payOut(`0x${validator.withdrawalCredentials.slice(26)}`, due);
    }
  }

  private replayTo(epoch: bigint): BeaconState {
    const events = this.watcher.events;
    const newEvents = events.slice(this.eventsSeen);
    this.eventsSeen = events.length;
    // An event whose epoch the head state has already passed means that state must be rebuilt.
    const runningGrew = (this.running?.size ?? 0) !== this.runningSeen;
    this.runningSeen = this.running?.size ?? 0;
    if (runningGrew || newEvents.some((event) => this.epochOf(event.slot) < this.head.epoch))
      this.head = new BeaconState(this.params, this.runs);
    if (epoch < this.head.epoch) {
      const past = new BeaconState(this.params, this.runs);
      past.advance(epoch, events);
      return past;
    }
    this.head.advance(epoch, events);
    return this.head;
  }
}
