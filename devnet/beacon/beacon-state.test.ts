import type { Address, Hex } from "viem";
import { describe, expect, it } from "vitest";
import { consolidationRequestsAddress, depositContractAddress, withdrawalRequestsAddress } from "../addresses.ts";
import { type BeaconParams, DEFAULT_BEACON_PARAMS } from "./beacon-params.ts";
import { BeaconState, type ChainEvent, integerSquareRoot, validatorStatus } from "./beacon-state.ts";

const params: BeaconParams = {
  ...DEFAULT_BEACON_PARAMS,
  genesisForkVersion: "0x10000038",
  depositChainId: 31337,
  depositContract: depositContractAddress,
  withdrawalRequestContract: withdrawalRequestsAddress,
  consolidationRequestContract: consolidationRequestsAddress,
};
const owner: Address = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const pubkey = (n: number): Hex => `0x${n.toString(16).padStart(96, "0")}`;
const credentials = (prefix: "01" | "02"): Hex => `0x${prefix}${"00".repeat(11)}${owner.slice(2)}`;
const ETH = 1_000_000_000n; // in gwei
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
    const state = stateAt(1n, [deposit(1, "01", 40n * ETH), deposit(2, "02", 3000n * ETH)]);
    expect(state.validators.map((v) => v.effectiveBalance)).toEqual([32n * ETH, 2048n * ETH]);
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

  it("pays a 0x02 partial withdrawal down to no less than 32 ETH and records it", () => {
    const events = [deposit(1, "02", 40n * ETH), request(1, 100n * ETH, 6n)];
    const state = stateAt(7n, events);
    const validator = state.validators[0];
    expect(validator?.exitEpoch).toBe(2n ** 64n - 1n);
    expect(validator?.balance).toBeGreaterThanOrEqual(32n * ETH);
    expect(validator?.balance).toBeLessThan(32n * ETH + ETH / 100n);
    expect(state.withdrawn.get(0)).toBeGreaterThan(8n * ETH - ETH / 100n);
  });

  it("puts each withdrawal in the block of the epoch it is paid in, with a chain-wide index", () => {
    const state = stateAt(7n, [deposit(1, "02", 40n * ETH), request(1, ETH, 6n)]);
    expect(state.payouts).toEqual([{ index: 0n, epoch: 7n, validatorIndex: 0, address: owner, amount: ETH }]);
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
    expect(exiting.validators[0]?.exitEpoch).toBe(9n);
    const before = stateAt(11n, events);
    const [source, target] = [before.validators[0]?.balance ?? 0n, before.validators[1]?.balance ?? 0n];
    const after = stateAt(12n, events);
    expect(statusOf(after, 0)).toBe("withdrawal_done");
    expect(after.validators[1]?.balance).toBeGreaterThan(target + source);
    expect(after.withdrawn.size).toBe(0);
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
