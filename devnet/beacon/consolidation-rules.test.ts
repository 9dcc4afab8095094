import type { Address } from "viem";
import { describe, expect, it } from "vitest";
import {
  type ConsolidationRequestKind,
  checkConsolidationRequest,
  type RequestRule,
} from "../../src/core/electra/request-checks.ts";
import { devnetBeaconParams, ETH_IN_GWEI, testPubkey, validatorOwner } from "../../tests/support/beacon-fixtures.ts";
import type { BeaconParams } from "./beacon-params.ts";
import { BeaconState, type ChainEvent, type ValidatorRecord } from "./beacon-state.ts";

/**
 * The stand-in drops an EIP-7251 request exactly when the app's pre-check refuses it: each case replays the
 * devnet's blocks to the epoch of the request, asks the pre-check on that state, then applies the request.
 */
const params: BeaconParams = devnetBeaconParams;
const owner: Address = validatorOwner;
const stranger: Address = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
const ETH = ETH_IN_GWEI;
const pubkey = testPubkey;
const slotOfEpoch = (epoch: bigint, p = params) => epoch * BigInt(p.slotsPerEpoch);
const deposit = (n: number, prefix: "00" | "01" | "02", amount: bigint, epoch = 0n): ChainEvent => ({
  kind: "deposit",
  slot: slotOfEpoch(epoch),
  pubkey: pubkey(n),
  withdrawalCredentials: `0x${prefix}${"00".repeat(11)}${owner.slice(2)}`,
  amount,
});
const withdraw = (n: number, amount: bigint, epoch: bigint): ChainEvent => ({
  kind: "withdrawalRequest",
  slot: slotOfEpoch(epoch),
  source: owner,
  pubkey: pubkey(n),
  amount,
});
const consolidation = (source: number, target: number, epoch: bigint, from: Address = owner): ChainEvent => ({
  kind: "consolidationRequest",
  slot: slotOfEpoch(epoch),
  source: from,
  sourcePubkey: pubkey(source),
  targetPubkey: pubkey(target),
});

const view = (v: ValidatorRecord | undefined) =>
  v && {
    index: v.index,
    withdrawalCredentials: v.withdrawalCredentials,
    balanceGwei: v.balance,
    effectiveBalanceGwei: v.effectiveBalance,
    activationEpoch: v.activationEpoch,
    exitEpoch: v.exitEpoch,
  };

const REQUEST_EPOCH = 6n;

/** The pre-check's answer on the state before the request, and whether the stand-in then acted on it. */
function run(
  history: ChainEvent[],
  kind: ConsolidationRequestKind,
  source: number,
  target: number,
  options: { from?: Address; params?: BeaconParams } = {},
): { refused: RequestRule | undefined; applied: boolean } {
  const p = options.params ?? params;
  const state = new BeaconState(p);
  state.advance(REQUEST_EPOCH, history);
  const from = options.from ?? owner;
  const sourceRecord = state.find(pubkey(source));
  const refusal = checkConsolidationRequest(
    {
      source: view(sourceRecord),
      target: view(state.find(pubkey(target))),
      currentEpoch: state.epoch,
      shardCommitteePeriod: BigInt(p.shardCommitteePeriod),
      sourcePendingPartialGwei: sourceRecord ? state.pendingBalanceToWithdraw(sourceRecord.index) : 0n,
      pendingConsolidations: state.pendingConsolidations,
      consolidationChurnLimitGwei: state.consolidationChurnLimit(state.epoch),
      sender: from,
    },
    kind,
  );
  const before = sourceRecord && { ...sourceRecord };
  const queued = state.pendingConsolidations.length;
  state.applyBlocks([{ ...consolidation(source, target, REQUEST_EPOCH, from), slot: slotOfEpoch(REQUEST_EPOCH, p) }]);
  const after = state.find(pubkey(source));
  const applied =
    kind === "upgrade"
      ? before?.withdrawalCredentials.startsWith("0x01") === true &&
        after?.withdrawalCredentials.startsWith("0x02") === true
      : state.pendingConsolidations.length === queued + 1 && after?.exitEpoch !== before?.exitEpoch;
  return { refused: refusal?.rule, applied };
}

const active01 = deposit(1, "01", 32n * ETH);
const active02 = deposit(2, "02", 40n * ETH);

describe("devnet stand-in and pre-checks agree on EIP-7251 requests", () => {
  it("applies what the pre-check lets through: an upgrade of a 0x01 validator and a consolidation into 0x02", () => {
    expect(run([active01], "upgrade", 1, 1)).toEqual({ refused: undefined, applied: true });
    expect(run([active01, active02], "consolidate", 1, 2)).toEqual({ refused: undefined, applied: true });
  });

  it("drops every upgrade the pre-check refuses", () => {
    expect(run([active01], "upgrade", 1, 1, { from: stranger })).toEqual({
      refused: "notWithdrawalAddress",
      applied: false,
    });
    expect(run([active02], "upgrade", 2, 2)).toEqual({ refused: "alreadyCompounding", applied: false });
    expect(run([deposit(1, "00", 32n * ETH)], "upgrade", 1, 1)).toEqual({
      refused: "noExecutionCredentials",
      applied: false,
    });
    expect(run([active01, withdraw(1, 0n, 5n)], "upgrade", 1, 1)).toEqual({
      refused: "alreadyExiting",
      applied: false,
    });
    // Deposited at epoch 4: in the registry by epoch 6 (finalized), not active before epoch 8.
    expect(run([deposit(1, "01", 32n * ETH, 4n)], "upgrade", 1, 1)).toEqual({ refused: "notActive", applied: false });
    expect(run([], "upgrade", 1, 1)).toEqual({ refused: "unknownValidator", applied: false });
  });

  it("drops every consolidation the pre-check refuses", () => {
    const cases: [ChainEvent[], number, number, RequestRule, Address?][] = [
      [[active01, active02], 1, 2, "notWithdrawalAddress", stranger],
      [[active01, deposit(2, "01", 32n * ETH)], 1, 2, "targetNotCompounding"],
      [[active01], 1, 2, "unknownTarget"],
      [[active02], 1, 2, "unknownValidator"],
      [[active01, deposit(2, "02", 40n * ETH, 4n)], 1, 2, "targetNotActive"],
      [[active01, deposit(2, "02", 40n * ETH, 5n)], 1, 2, "unknownTarget"],
      [[active01, active02, withdraw(2, 0n, 5n)], 1, 2, "targetExiting"],
      [[active01, active02, withdraw(1, 0n, 5n)], 1, 2, "alreadyExiting"],
      [[active01, active02, deposit(3, "02", 32n * ETH), consolidation(1, 3, 5n)], 1, 2, "alreadyQueued"],
      [[deposit(1, "02", 40n * ETH), active02, withdraw(1, ETH, 5n)], 1, 2, "pendingPartialWithdrawals"],
    ];
    for (const [history, source, target, rule, from] of cases) {
      expect(run(history, "consolidate", source, target, { from }), rule).toEqual({ refused: rule, applied: false });
    }
  });

  it("drops a consolidation from a source active for fewer than the devnet's SHARD_COMMITTEE_PERIOD epochs", () => {
    const period = { ...params, shardCommitteePeriod: 8 };
    expect(run([active01, active02], "consolidate", 1, 2, { params: period })).toEqual({
      refused: "tooSoonAfterActivation",
      applied: false,
    });
    // An upgrade does not wait for it.
    expect(run([active01], "upgrade", 1, 1, { params: period })).toEqual({ refused: undefined, applied: true });
  });

  it("drops a consolidation while the consolidation churn is 32 ETH or less, not an upgrade", () => {
    // A 288 ETH balance churn floor leaves 288 - 256 = 32 ETH an epoch for consolidations.
    const low = { ...params, minPerEpochChurnLimit: 288n * ETH };
    expect(run([active01, active02], "consolidate", 1, 2, { params: low })).toEqual({
      refused: "consolidationChurnTooLow",
      applied: false,
    });
    expect(run([active01], "upgrade", 1, 1, { params: low })).toEqual({ refused: undefined, applied: true });
    const enough = { ...params, minPerEpochChurnLimit: 289n * ETH };
    expect(run([active01, active02], "consolidate", 1, 2, { params: enough })).toEqual({
      refused: undefined,
      applied: true,
    });
  });
});

describe("devnet stand-in processing of EIP-7251 requests", () => {
  it("queues a switched validator's excess above 32 ETH in pending_deposits and credits it back", () => {
    const events = [deposit(1, "01", 40n * ETH), consolidation(1, 1, REQUEST_EPOCH)];
    const state = new BeaconState(params);
    state.advance(REQUEST_EPOCH, events);
    const balance = state.validators[0]?.balance ?? 0n;
    state.applyBlocks(events.slice(1));
    expect(state.validators[0]?.withdrawalCredentials.slice(0, 4)).toBe("0x02");
    expect(state.validators[0]?.balance).toBe(32n * ETH);
    expect(state.pendingDeposits).toEqual([
      expect.objectContaining({ pubkey: pubkey(1), amount: balance - 32n * ETH, slot: 0n }),
    ]);
    state.advance(REQUEST_EPOCH + 2n, []);
    expect(state.pendingDeposits).toEqual([]);
    expect(state.validators[0]?.balance).toBeGreaterThan(balance);
    expect(state.validators[0]?.effectiveBalance).toBe(40n * ETH);
  });

  it("spreads consolidations over the consolidation churn: 256 ETH an epoch on the devnet", () => {
    // Two 0x02 sources of 2048 ETH into one target, asked at epoch 40 once all three are active.
    const at = 40n;
    const events = [
      deposit(1, "02", 2048n * ETH),
      deposit(2, "02", 2048n * ETH),
      deposit(3, "02", 32n * ETH),
      consolidation(1, 3, at),
      consolidation(2, 3, at),
    ];
    const state = new BeaconState(params);
    state.advance(at + 1n, events);
    expect(state.consolidationChurnLimit(state.epoch)).toBe(256n * ETH);
    const [first, second, target] = state.validators;
    expect(state.pendingConsolidations).toEqual([
      { sourceIndex: 0, targetIndex: 2 },
      { sourceIndex: 1, targetIndex: 2 },
    ]);
    // compute_consolidation_epoch_and_update_churn: from epoch 40 + 1 + MAX_SEED_LOOKAHEAD (1) = 42 with 256 ETH
    // to consume there, the first's other 1,792 ETH take 7 more epochs (exit 49, nothing left); the second's 2048 ETH
    // take 8 (exit 57).
    expect(first?.exitEpoch).toBe(49n);
    expect(second?.exitEpoch).toBe(57n);
    const targetBefore = target?.balance ?? 0n;
    // Withdrawable MIN_VALIDATOR_WITHDRAWABILITY_DELAY (2) epochs after exit: the first moves at 51, the second at 59.
    state.advance(53n, []);
    expect(state.pendingConsolidations).toEqual([{ sourceIndex: 1, targetIndex: 2 }]);
    expect((state.validators[2]?.balance ?? 0n) - targetBefore).toBeGreaterThan(2048n * ETH);
    state.advance(60n, []);
    expect(state.pendingConsolidations).toEqual([]);
    expect((state.validators[2]?.balance ?? 0n) - targetBefore).toBeGreaterThan(4096n * ETH);
    expect(state.validators[0]?.balance).toBe(0n);
  });
});
