import type { Address, Hex } from "viem";
import { describe, expect, it } from "vitest";
import type { QueueSnapshot } from "../../src/core/queue-eta/electra.ts";
import { etaFor } from "../../src/core/queue-eta/index.ts";
import { devnetBeaconParams, ETH_IN_GWEI, testPubkey, validatorOwner } from "../../tests/support/beacon-fixtures.ts";
import { type BeaconParams, FAR_FUTURE_EPOCH, MAX_WITHDRAWALS_PER_PAYLOAD } from "./beacon-params.ts";
import { BeaconState, type ChainEvent } from "./beacon-state.ts";

/**
 * The app's Electra ETAs (src/core/queue-eta) against what the devnet's consensus layer actually does: each case
 * builds the snapshot GET /beacon-snapshot would serve at the moment a request is sent, asks for the ETA, then
 * runs the stand-in's state on and reads the epoch the thing happened. The error is reported in epochs.
 */

const params: BeaconParams = devnetBeaconParams;
const ETH = ETH_IN_GWEI;
const owner: Address = validatorOwner;
const pubkey = testPubkey;
const credentials = (prefix: "01" | "02"): Hex => `0x${prefix}${"00".repeat(11)}${owner.slice(2)}`;
const spe = BigInt(params.slotsPerEpoch);
const deposit = (n: number, amount: bigint, slot: bigint, prefix: "01" | "02" = "02"): ChainEvent => ({
  kind: "deposit",
  slot,
  pubkey: pubkey(n),
  withdrawalCredentials: credentials(prefix),
  amount,
});
const request = (n: number, amount: bigint, slot: bigint): ChainEvent => ({
  kind: "withdrawalRequest",
  slot,
  source: owner,
  pubkey: pubkey(n),
  amount,
});

/** The state at `slot` (the epoch's transitions, then its blocks so far), as the node serves it. */
function stateAt(slot: bigint, events: readonly ChainEvent[]): BeaconState {
  const state = new BeaconState(params);
  state.advance(slot / spe, events);
  state.applyBlocks(events.filter((event) => event.slot <= slot && event.slot / spe === slot / spe));
  return state;
}

/** What GET /beacon-snapshot reads from that state (server/routes/beacon-snapshot.ts does it over HTTP). */
function snapshotOf(state: BeaconState, slot: bigint): QueueSnapshot {
  const epoch = slot / spe;
  const active = state.validators.filter((v) => v.activationEpoch <= epoch && epoch < v.exitEpoch);
  const queued: [bigint, bigint][] = [
    ...active
      .filter((v) => v.exitEpoch !== FAR_FUTURE_EPOCH)
      .map((v) => [v.exitEpoch, v.effectiveBalance] as [bigint, bigint]),
    ...state.pendingPartialWithdrawals.map(
      (p) => [p.withdrawableEpoch - BigInt(params.minValidatorWithdrawabilityDelay), p.amount] as [bigint, bigint],
    ),
  ];
  const lastEpoch = queued.reduce((latest, [at]) => (at > latest ? at : latest), 0n);
  const consolidating = new Set(state.pendingConsolidations.map((entry) => entry.sourceIndex));
  const sources = active.filter((v) => consolidating.has(v.index));
  const consolidationTail = sources.reduce((latest, v) => (v.exitEpoch > latest ? v.exitEpoch : latest), 0n);
  return {
    spec: {
      secondsPerSlot: BigInt(params.secondsPerSlot),
      slotsPerEpoch: spe,
      shardCommitteePeriod: BigInt(params.shardCommitteePeriod),
      maxSeedLookahead: BigInt(params.maxSeedLookahead),
      minValidatorWithdrawabilityDelay: BigInt(params.minValidatorWithdrawabilityDelay),
      minPerEpochChurnLimitGwei: params.minPerEpochChurnLimit,
      churnLimitQuotient: params.churnLimitQuotient,
      maxPerEpochActivationExitChurnLimitGwei: params.maxPerEpochActivationExitChurnLimit,
      maxPendingDepositsPerEpoch: BigInt(params.maxPendingDepositsPerEpoch),
      maxWithdrawalsPerPayload: BigInt(MAX_WITHDRAWALS_PER_PAYLOAD),
    },
    genesisTime: 0n,
    headSlot: slot,
    finalizedEpoch: epoch > 2n ? epoch - 2n : 0n,
    totalActiveBalanceGwei: active.reduce((sum, v) => sum + v.effectiveBalance, 0n),
    validatorCount: active.length,
    pendingDeposits: state.pendingDeposits.map((d) => ({ pubkey: d.pubkey, amountGwei: d.amount, slot: d.slot })),
    partialQueueLength: state.pendingPartialWithdrawals.length,
    exitQueue: {
      lastEpoch,
      balanceAtLastEpochGwei: queued.reduce((sum, [at, gwei]) => (at === lastEpoch ? sum + gwei : sum), 0n),
    },
    pendingConsolidations: state.pendingConsolidations.map((entry) => ({ ...entry })),
    consolidationChurnLimitGwei: state.consolidationChurnLimit(epoch),
    consolidationQueue: {
      lastEpoch: consolidationTail,
      balanceAtLastEpochGwei: sources
        .filter((v) => v.exitEpoch === consolidationTail)
        .reduce((sum, v) => sum + v.effectiveBalance, 0n),
    },
  };
}

/** The first epoch from `from` at which `happened` holds of the stand-in's state. */
function firstEpoch(events: readonly ChainEvent[], from: bigint, happened: (state: BeaconState) => boolean): bigint {
  for (let epoch = from; epoch < from + 200n; epoch += 1n) {
    const state = new BeaconState(params);
    state.advance(epoch, events);
    if (happened(state)) return epoch;
  }
  throw new Error("never happened");
}

const eta = etaFor("electra");

describe("queue ETAs against the devnet consensus layer", () => {
  it("a deposit behind 1,000 ETH of deposits activates at the epoch the ETA gives (error 0 epochs)", () => {
    const events: ChainEvent[] = [deposit(1, 1_000n * ETH, 9n)];
    const sentAt = 41n; // epoch 10, slot 1
    const predicted = eta.newValidatorActivationEpoch(snapshotOf(stateAt(sentAt - 1n, events), sentAt - 1n), 32n * ETH);
    events.push(deposit(2, 32n * ETH, sentAt));
    const actual = firstEpoch(
      events,
      sentAt / spe,
      (state) => (state.find(pubkey(2))?.activationEpoch ?? FAR_FUTURE_EPOCH) !== FAR_FUTURE_EPOCH,
    );
    const activation = new BeaconState(params);
    activation.advance(actual, events);
    expect(activation.find(pubkey(2))?.activationEpoch).toBe(predicted);
  });

  it("an exit and a partial withdrawal behind a queue of exits complete and are paid at the ETA (error 0 epochs)", () => {
    const events: ChainEvent[] = [];
    for (let n = 1; n <= 8; n += 1) events.push(deposit(n, 200n * ETH, 0n));
    const exitsAt = 60n * spe + 1n;
    for (let n = 1; n <= 6; n += 1) events.push(request(n, 0n, exitsAt));
    const sentAt = exitsAt + 1n;
    const snapshot = snapshotOf(stateAt(sentAt - 1n, events), sentAt - 1n);
    const exit = eta.exitEta(snapshot, 200n * ETH);
    events.push(request(7, 0n, sentAt));
    // The partial withdrawal, a slot later, behind that exit too.
    const partial = eta.partialWithdrawalEta(snapshotOf(stateAt(sentAt, events), sentAt), 5n * ETH);
    events.push(request(8, 5n * ETH, sentAt + 1n));
    const after = new BeaconState(params);
    after.advance(exit.paidByEpoch + 1n, events);
    const exited = after.find(pubkey(7));
    expect([exited?.exitEpoch, exited?.withdrawableEpoch]).toEqual([exit.exitEpoch, exit.withdrawableEpoch]);
    const paidExit = after.payouts.find((p) => p.validatorIndex === exited?.index);
    expect(paidExit?.epoch).toBe(exit.paidByEpoch);
    const paidPartial = after.payouts.find((p) => p.validatorIndex === after.find(pubkey(8))?.index);
    expect(paidPartial?.epoch).toBe(partial.paidByEpoch);
    // 6 × 200 ETH queued first at 256 ETH an epoch from epoch 62: 1,400 ETH with this one fills 62 to 67.
    expect(exit.exitEpoch).toBe(67n);
  });

  it("a consolidation behind two others moves its balance to the target at the ETA (error 0 epochs)", () => {
    const events: ChainEvent[] = [];
    for (let n = 1; n <= 6; n += 1) events.push(deposit(n, 200n * ETH, 0n));
    const consolidate = (source: number, target: number, slot: bigint): ChainEvent => ({
      kind: "consolidationRequest",
      slot,
      source: owner,
      sourcePubkey: pubkey(source),
      targetPubkey: pubkey(target),
    });
    // 2 × 200 ETH queued first at 256 ETH an epoch (the devnet's consolidation churn).
    const queuedAt = 60n * spe + 1n;
    events.push(consolidate(1, 4, queuedAt), consolidate(2, 5, queuedAt));
    const sentAt = queuedAt + 1n;
    const snapshot = snapshotOf(stateAt(sentAt - 1n, events), sentAt - 1n);
    expect(snapshot.consolidationChurnLimitGwei).toBe(256n * ETH);
    const predicted = eta.consolidationEta(snapshot, 200n * ETH);
    events.push(consolidate(3, 6, sentAt));
    const moved = firstEpoch(events, sentAt / spe, (state) => (state.find(pubkey(6))?.balance ?? 0n) > 390n * ETH);
    const after = new BeaconState(params);
    after.advance(moved, events);
    expect(after.find(pubkey(3))?.exitEpoch).toBe(predicted.exitEpoch);
    expect(moved).toBe(predicted.movedByEpoch);
  });
});
