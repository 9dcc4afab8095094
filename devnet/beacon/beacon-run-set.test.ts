import type { Hex } from "viem";
import { describe, expect, it } from "vitest";
import { devnetBeaconParams, ETH_IN_GWEI } from "../../tests/support/beacon-fixtures.ts";
import type { BeaconParams } from "./beacon-params.ts";
import { BeaconState, type ChainEvent, validatorStatus } from "./beacon-state.ts";

const params: BeaconParams = devnetBeaconParams;
const imported: Hex = `0x${"a1".repeat(48)}`;
const notImported: Hex = `0x${"b2".repeat(48)}`;
const ETH = ETH_IN_GWEI;
const deposit = (pubkey: Hex): ChainEvent => ({
  kind: "deposit",
  slot: 0n,
  pubkey,
  withdrawalCredentials: `0x01${"00".repeat(11)}70997970c51812dc3a010c7d01b50e0d17dc79c8`,
  amount: 32n * ETH,
});

describe("devnet beacon state: validators a validator client runs", () => {
  it("activates an imported validator and keeps one no validator client runs pending, without rewards", () => {
    const running = new Set<string>([imported]);
    const state = new BeaconState(params, (pubkey) => running.has(pubkey));
    state.advance(20n, [deposit(imported), deposit(notImported)]);
    const [run, idle] = state.validators;
    if (!run || !idle) throw new Error("two validators expected");
    expect(validatorStatus(run, state.epoch)).toBe("active_ongoing");
    expect(run.balance).toBeGreaterThan(32n * ETH);
    expect(validatorStatus(idle, state.epoch)).toBe("pending_queued");
    expect(idle.balance).toBe(32n * ETH);
  });

  it("activates a pending validator once its keystore is imported later", () => {
    const running = new Set<string>();
    const state = new BeaconState(params, (pubkey) => running.has(pubkey));
    state.advance(20n, [deposit(notImported)]);
    expect(validatorStatus(state.validators[0] as never, state.epoch)).toBe("pending_queued");
    running.add(notImported);
    state.advance(24n, []);
    expect(validatorStatus(state.validators[0] as never, state.epoch)).toBe("active_ongoing");
  });
});
