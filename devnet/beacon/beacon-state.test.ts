import type { Address, Hex } from "viem";
import { describe, expect, it } from "vitest";
import { devnetBeaconParams, ETH_IN_GWEI, testPubkey, validatorOwner } from "../../tests/support/beacon-fixtures.ts";
import type { BeaconParams } from "./beacon-params.ts";
import { BeaconState, type ChainEvent, integerSquareRoot, validatorStatus } from "./beacon-state.ts";

const params: BeaconParams = devnetBeaconParams;
const owner: Address = validatorOwner;
const pubkey = testPubkey;
const credentials = (prefix: "01" | "02"): Hex => `0x${prefix}${"00".repeat(11)}${owner.slice(2)}`;
const ETH = ETH_IN_GWEI;
const slotOfEpoch = (epoch: bigint) => epoch * BigInt(params.slotsPerEpoch);
const deposit = (n: number, prefix: "01" | "02", amount: bigint, epoch = 0n): ChainEvent => ({
  kind: "deposit",
  slot: slotOfEpoch(epoch),
  pubkey: pubkey(n),
  withdrawalCredentials: credentials(prefix),
  amount,
});
const request = (n: number, amount: bigint, epoch: bigint, source: Address = owner): ChainEvent => ({
  kind: "withdrawalRequest",
  slot: slotOfEpoch(epoch),
  source,
  pubkey: pubkey(n),
  amount,
});

const consolidate = (source: number, target: number, epoch: bigint, from: Address = owner): ChainEvent => ({
  kind: "consolidationRequest",
  slot: slotOfEpoch(epoch),
  source: from,
  sourcePubkey: pubkey(source),
  targetPubkey: pubkey(target),
});

function statusOf(state: BeaconState, index: number): string {
  const validator = state.validators[index];
  if (!validator) throw new Error(`no validator ${index}`);
  return validatorStatus(validator, state.epoch);
}

function stateAt(epoch: bigint, events: ChainEvent[]): BeaconState {
  const state = new BeaconState(params);
  state.advance(epoch, events);
  return state;
}

describe("devnet beacon state", () => {
  it("keeps a validator below 32 ETH pending_initialized until a top-up brings it to 32 ETH", () => {
    const events = [deposit(1, "01", 16n * ETH, 0n)];
    expect(statusOf(stateAt(10n, events), 0)).toBe("pending_initialized");
    events.push(deposit(1, "01", 16n * ETH, 10n));
    const state = stateAt(20n, events);
    expect(state.validators).toHaveLength(1);
    expect(statusOf(state, 0)).toBe("active_ongoing");
  });

  it("caps the effective balance at 32 ETH for 0x01 and 2048 ETH for 0x02 credentials", () => {
    const state = stateAt(1n, [deposit(1, "01", 40n * ETH), deposit(2, "02", 2048n * ETH, 0n)]);
    expect(state.validators.map((v) => v.effectiveBalance)).toEqual([32n * ETH]);
    // 2,048 ETH waits for the activation churn (256 ETH an epoch): 216 ETH left after the first 40, then 256 more
    // each epoch, so 216 + 256 × 8 = 2,264 ≥ 2,048 at the end of epoch 8.
    expect(stateAt(8n, [deposit(1, "01", 40n * ETH), deposit(2, "02", 2048n * ETH)]).validators).toHaveLength(1);
    const later = stateAt(9n, [deposit(1, "01", 40n * ETH), deposit(2, "02", 3000n * ETH)]);
    expect(later.validators).toHaveLength(1);
    const capped = stateAt(9n, [deposit(1, "01", 40n * ETH), deposit(2, "02", 2048n * ETH)]);
    expect(capped.validators.map((v) => v.effectiveBalance)).toEqual([32n * ETH, 2048n * ETH]);
  });

  it("processes at most MAX_PENDING_DEPOSITS_PER_EPOCH (16) finalized deposits an epoch", () => {
    const events = Array.from({ length: 20 }, (_, n) => deposit(n + 1, "01", 1n * ETH));
    expect(stateAt(1n, events).validators).toHaveLength(16);
    expect(stateAt(1n, events).pendingDeposits).toHaveLength(4);
    expect(stateAt(2n, events).validators).toHaveLength(20);
    // A deposit after the first slot of epoch 3 waits until epoch 4 is finalized's successor: applied at the end of 5.
    const late: ChainEvent = { ...deposit(30, "01", 32n * ETH), slot: slotOfEpoch(3n) + 1n };
    expect(stateAt(5n, [late]).validators).toHaveLength(0);
    expect(stateAt(6n, [late]).validators).toHaveLength(1);
  });

  it("moves the effective balance only past the hysteresis thresholds", () => {
    const state = stateAt(1n, [deposit(1, "02", 40n * ETH)]);
    const validator = state.validators[0];
    if (!validator) throw new Error("no validator");
    validator.balance = 41n * ETH + ETH / 4n; // +1.25 ETH: not past the upward threshold
    state.advance(2n, []);
    expect(validator.effectiveBalance).toBe(40n * ETH);
    validator.balance = 41n * ETH + ETH / 4n + 1n;
    state.advance(3n, []);
    expect(validator.effectiveBalance).toBe(41n * ETH);
  });

  it("queues a 0x02 partial withdrawal, cut to the balance above 32 ETH, and pays it from its withdrawable epoch", () => {
    const events = [deposit(1, "02", 40n * ETH), request(1, 100n * ETH, 6n)];
    const queued = stateAt(7n, events);
    expect(queued.validators[0]?.exitEpoch).toBe(2n ** 64n - 1n);
    // Requested in epoch 6: exit queue epoch 6 + 1 + MAX_SEED_LOOKAHEAD (1) = 8, withdrawable 8 + 2 = 10.
    expect(queued.pendingPartialWithdrawals.map((entry) => entry.withdrawableEpoch)).toEqual([10n]);
    expect(stateAt(9n, events).withdrawn.size).toBe(0);
    const state = stateAt(10n, events);
    const validator = state.validators[0];
    expect(state.pendingPartialWithdrawals).toEqual([]);
    expect(validator?.balance).toBeGreaterThanOrEqual(32n * ETH);
    expect(validator?.balance).toBeLessThan(32n * ETH + ETH / 100n);
    expect(state.withdrawn.get(0)).toBeGreaterThan(8n * ETH - ETH / 100n);
  });

  it("drops an exit request while a partial withdrawal is pending", () => {
    const events = [deposit(1, "02", 40n * ETH), request(1, ETH, 6n), request(1, 0n, 7n)];
    expect(stateAt(12n, events).validators[0]?.exitEpoch).toBe(2n ** 64n - 1n);
    // Once paid (epoch 10), an exit goes through: exit epoch 10 + 1 + 1.
    expect(stateAt(12n, [...events, request(1, 0n, 10n)]).validators[0]?.exitEpoch).toBe(12n);
  });

  it("queues deposits and exits by the activation/exit churn: 256 ETH an epoch", () => {
    // Ten deposits of 100 ETH at slot 0: 1,000 ETH through 256 ETH an epoch, what an epoch leaves carried to the
    // next (2, 3, 2 and 3 deposits in epochs 0 to 3), so the last ones activate at epoch 8.
    const events: ChainEvent[] = [];
    for (let n = 1; n <= 10; n += 1) events.push(deposit(n, "02", 100n * ETH, 0n));
    expect(stateAt(1n, events).validators).toHaveLength(2);
    expect(stateAt(2n, events).validators).toHaveLength(5);
    expect(stateAt(3n, events).validators).toHaveLength(7);
    expect(stateAt(8n, events).validators.map((v) => v.activationEpoch)).toEqual([
      5n,
      5n,
      6n,
      6n,
      6n,
      7n,
      7n,
      8n,
      8n,
      8n,
    ]);
    // All ten exit in epoch 8: from epoch 8 + 1 + MAX_SEED_LOOKAHEAD = 10, 256 ETH an epoch.
    for (let n = 1; n <= 10; n += 1) events.push(request(n, 0n, 8n));
    const exits = stateAt(9n, events).validators.map((v) => v.exitEpoch);
    expect(exits).toEqual([10n, 10n, 11n, 11n, 11n, 12n, 12n, 13n, 13n, 13n]);
  });

  it("puts each withdrawal in the block of the epoch it is paid in, with a chain-wide index", () => {
    const state = stateAt(10n, [deposit(1, "02", 40n * ETH), request(1, ETH, 6n)]);
    expect(state.payouts).toEqual([{ index: 0n, epoch: 10n, validatorIndex: 0, address: owner, amount: ETH }]);
  });

  it("sweeps the excess above the maximum effective balance every excessSweepEpochs epochs, only when asked", () => {
    const events = [deposit(1, "01", 32n * ETH), deposit(2, "02", 40n * ETH)];
    expect(stateAt(25n, events).payouts).toEqual([]);
    const state = new BeaconState({ ...params, excessSweepEpochs: 10 });
    state.advance(25n, events);
    // The 0x01 validator (active from epoch 5) at epochs 10 and 20; the 0x02 one is far below 2048 ETH.
    expect(state.payouts.map((payout) => [payout.index, payout.epoch, payout.validatorIndex])).toEqual([
      [0n, 10n, 0],
      [1n, 20n, 0],
    ]);
    const [swept, compounding] = state.validators;
    const perEpoch = state.payouts[1]?.amount ?? 0n;
    // Five epochs of rewards since the last sweep, which took ten epochs' worth.
    expect(swept?.balance).toBe(32n * ETH + perEpoch / 2n);
    expect(state.withdrawn.get(0)).toBe((state.payouts[0]?.amount ?? 0n) + perEpoch);
    expect(compounding?.balance).toBeGreaterThan(40n * ETH);
  });

  it("ignores a partial withdrawal for 0x01 credentials and any request before activation", () => {
    const state = stateAt(8n, [deposit(1, "01", 32n * ETH), request(1, 5n * ETH, 6n), request(1, 0n, 1n)]);
    expect(state.validators[0]?.exitEpoch).toBe(2n ** 64n - 1n);
    expect(state.withdrawn.size).toBe(0);
  });

  it("rewards by the base reward formula over the whole active balance", () => {
    const perIncrement = (ETH * 64n) / integerSquareRoot(params.backgroundActiveBalance + 32n * ETH);
    const state = stateAt(6n, [deposit(1, "01", 32n * ETH)]);
    expect(state.validators[0]?.activationEpoch).toBe(5n);
    expect(state.validators[0]?.balance).toBe(32n * ETH + 32n * perIncrement);
    expect(integerSquareRoot(10n ** 18n)).toBe(10n ** 9n);
    expect(integerSquareRoot(99n)).toBe(9n);
  });

  it("consolidates a validator into a 0x02 one: the source exits and its balance moves to the target", () => {
    const events = [deposit(1, "01", 32n * ETH), deposit(2, "02", 40n * ETH), consolidate(1, 2, 6n)];
    const exiting = stateAt(7n, events);
    expect(statusOf(exiting, 0)).toBe("active_exiting");
    expect(exiting.validators[0]?.exitEpoch).toBe(8n);
    expect(exiting.pendingConsolidations).toEqual([{ sourceIndex: 0, targetIndex: 1 }]);
    const before = stateAt(9n, events);
    const target = before.validators[1]?.balance ?? 0n;
    const after = stateAt(11n, events);
    expect(after.pendingConsolidations).toEqual([]);
    expect(statusOf(after, 0)).toBe("withdrawal_done");
    // The source's effective balance (32 ETH) moves; its rewards above it are swept to its address.
    expect(after.validators[1]?.balance).toBeGreaterThan(target + 32n * ETH);
    expect(after.withdrawn.get(0)).toBeLessThan(ETH / 10n);
  });

  it("ignores a consolidation into 0x01 credentials or from an address that does not control the source", () => {
    const intoOx01 = stateAt(8n, [deposit(1, "01", 32n * ETH), deposit(2, "01", 32n * ETH), consolidate(1, 2, 6n)]);
    expect(intoOx01.validators[0]?.exitEpoch).toBe(2n ** 64n - 1n);
    const stranger: Address = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
    const foreign = stateAt(8n, [
      deposit(1, "01", 32n * ETH),
      deposit(2, "02", 32n * ETH),
      consolidate(1, 2, 6n, stranger),
    ]);
    expect(foreign.validators[0]?.exitEpoch).toBe(2n ** 64n - 1n);
  });

  it("switches a validator to compounding credentials when it consolidates into itself", () => {
    const state = stateAt(8n, [deposit(1, "01", 32n * ETH), consolidate(1, 1, 6n)]);
    expect(state.validators[0]?.withdrawalCredentials).toBe(credentials("02"));
    expect(statusOf(state, 0)).toBe("active_ongoing");
  });
});
