import { describe, expect, it } from "vitest";
import { checkWithdrawalRequest, gweiText, type RequestCheckContext } from "./request-checks.ts";

const owner = "0x1111111111111111111111111111111111111111";
const credentials = (type: "00" | "01" | "02") => `0x${type}0000000000000000000000${owner.slice(2)}`;
const FAR = 18_446_744_073_709_551_615n;

/** A 0x02 validator of 34 ETH, active since epoch 10, at epoch 300 with SHARD_COMMITTEE_PERIOD 256. */
const base: RequestCheckContext = {
  validator: {
    index: 7,
    withdrawalCredentials: credentials("02"),
    balanceGwei: 34_000_000_000n,
    effectiveBalanceGwei: 34_000_000_000n,
    activationEpoch: 10n,
    exitEpoch: FAR,
  },
  currentEpoch: 300n,
  shardCommitteePeriod: 256n,
  pendingPartialGwei: 0n,
  partialQueueLength: 0,
  sender: owner,
};
const validator = base.validator as NonNullable<RequestCheckContext["validator"]>;
const exit = { kind: "exit" } as const;
const partial = (amountGwei: bigint) => ({ kind: "partial", amountGwei }) as const;
const refusal = (context: Partial<RequestCheckContext>, request: Parameters<typeof checkWithdrawalRequest>[1]) => {
  const found = checkWithdrawalRequest({ ...base, ...context }, request);
  return found && { rule: found.rule, message: found.shortMessage, values: found.values };
};

describe("checkWithdrawalRequest (Electra process_withdrawal_request)", () => {
  it("lets an exit and a partial withdrawal within the excess through", () => {
    expect(refusal({}, exit)).toBeUndefined();
    expect(refusal({}, partial(2_000_000_000n))).toBeUndefined();
  });

  it("refuses a validator the beacon chain does not know", () => {
    expect(refusal({ validator: undefined }, exit)?.rule).toBe("unknownValidator");
  });

  it("refuses 0x00 credentials and a sender other than the withdrawal address", () => {
    expect(refusal({ validator: { ...validator, withdrawalCredentials: credentials("00") } }, exit)).toEqual({
      rule: "noExecutionCredentials",
      message: "requestChecks.noExecutionCredentials",
      values: { type: "0x00" },
    });
    expect(refusal({ sender: "0x2222222222222222222222222222222222222222" }, exit)).toEqual({
      rule: "notWithdrawalAddress",
      message: "requestChecks.notWithdrawalAddress",
      values: { withdrawalAddress: owner, sender: "0x2222222222222222222222222222222222222222" },
    });
    // Checksummed and lowercase spellings are the same address.
    expect(refusal({ sender: owner.toUpperCase().replace("0X", "0x") }, exit)).toBeUndefined();
  });

  it("refuses a validator already exiting, and one not active yet", () => {
    expect(refusal({ validator: { ...validator, exitEpoch: 305n } }, exit)).toMatchObject({
      rule: "alreadyExiting",
      values: { epoch: "305" },
    });
    expect(refusal({ validator: { ...validator, activationEpoch: 301n } }, exit)).toMatchObject({
      rule: "notActive",
      values: { epoch: "301" },
    });
    expect(refusal({ validator: { ...validator, activationEpoch: FAR } }, partial(1n))?.rule).toBe("notActive");
  });

  it("refuses a validator active for fewer than SHARD_COMMITTEE_PERIOD epochs: 256 after epoch 10 is epoch 266", () => {
    expect(refusal({ currentEpoch: 265n }, exit)).toEqual({
      rule: "tooSoonAfterActivation",
      message: "requestChecks.tooSoonAfterActivation",
      values: { period: "256", epoch: "266", epochsLeft: "1" },
    });
    expect(refusal({ currentEpoch: 266n }, exit)).toBeUndefined();
    expect(refusal({ currentEpoch: 100n }, partial(1_000_000_000n))?.values).toEqual({
      period: "256",
      epoch: "266",
      epochsLeft: "166",
    });
  });

  it("refuses an exit while a partial withdrawal is pending (0.5 ETH queued)", () => {
    expect(refusal({ pendingPartialGwei: 500_000_000n }, exit)).toEqual({
      rule: "pendingPartialWithdrawals",
      message: "requestChecks.pendingPartialWithdrawals",
      values: { amount: "0.5" },
    });
  });

  it("refuses a partial withdrawal from 0x01 credentials", () => {
    expect(
      refusal({ validator: { ...validator, withdrawalCredentials: credentials("01") } }, partial(1_000_000_000n)),
    ).toMatchObject({ rule: "partialNeedsCompounding", values: { type: "0x01" } });
    // An exit from 0x01 credentials is fine.
    expect(refusal({ validator: { ...validator, withdrawalCredentials: credentials("01") } }, exit)).toBeUndefined();
  });

  it("refuses a partial withdrawal when the queue holds PENDING_PARTIAL_WITHDRAWALS_LIMIT (134,217,728) entries", () => {
    expect(refusal({ partialQueueLength: 134_217_728 }, partial(1_000_000_000n))).toEqual({
      rule: "partialQueueFull",
      message: "requestChecks.partialQueueFull",
      values: { limit: 134_217_728 },
    });
    expect(refusal({ partialQueueLength: 134_217_727 }, partial(1_000_000_000n))).toBeUndefined();
    // A full exit is still processed with a full queue.
    expect(refusal({ partialQueueLength: 134_217_728 }, exit)).toBeUndefined();
  });

  it("refuses a partial withdrawal with an effective balance under 32 ETH", () => {
    expect(
      refusal({ validator: { ...validator, effectiveBalanceGwei: 31_000_000_000n } }, partial(1_000_000_000n)),
    ).toMatchObject({ rule: "effectiveBalanceBelowMinimum", values: { effective: "31", minimum: "32" } });
  });

  it("refuses a partial withdrawal with no balance above 32 ETH plus what is pending", () => {
    // 34 ETH with 2 ETH already pending: nothing left above 32.
    expect(refusal({ pendingPartialGwei: 2_000_000_000n }, partial(1n))).toMatchObject({
      rule: "noExcessBalance",
      values: { minimum: "32", pending: "2" },
    });
  });

  it("refuses an amount above the excess: 34 ETH, 0.75 ETH pending leaves at most 1.25 ETH", () => {
    expect(refusal({ pendingPartialGwei: 750_000_000n }, partial(1_250_000_001n))).toEqual({
      rule: "amountAboveExcess",
      message: "requestChecks.amountAboveExcessWithPending",
      values: { maximum: "1.25", minimum: "32", pending: "0.75" },
    });
    expect(refusal({ pendingPartialGwei: 750_000_000n }, partial(1_250_000_000n))).toBeUndefined();
    expect(refusal({}, partial(2_000_000_001n))).toMatchObject({
      message: "requestChecks.amountAboveExcess",
      values: { maximum: "2" },
    });
  });
});

describe("gweiText", () => {
  it("writes gwei as whole coins without trailing zeros", () => {
    expect(gweiText(1_500_000_000n)).toBe("1.5");
    expect(gweiText(32_000_000_000n)).toBe("32");
    expect(gweiText(1n)).toBe("0.000000001");
  });
});
