import { describe, expect, it } from "vitest";
import type { BeaconSnapshot } from "../../core/api/beacon-snapshot.ts";
import { AppError } from "../../core/app-error.ts";
import { consolidationRefusal, verifyConsolidationSnapshot } from "./use-consolidation-request.ts";

const ETH = 1_000_000_000n;
const FAR = 2n ** 64n - 1n;
const owner = "0x1111111111111111111111111111111111111111";
const pubkey = (n: number) => `0x${n.toString(16).padStart(96, "0")}` as const;
const validator = (index: number, type: "01" | "02") => ({
  index,
  pubkey: pubkey(index),
  status: "active_ongoing",
  withdrawalCredentials: `0x${type}0000000000000000000000${owner.slice(2)}` as const,
  balanceGwei: 32n * ETH,
  effectiveBalanceGwei: 32n * ETH,
  activationEligibilityEpoch: 5n,
  activationEpoch: 10n,
  exitEpoch: FAR,
  withdrawableEpoch: FAR,
  pendingPartials: [],
});

/** GET /beacon-snapshot for source 3 and target 4 on mainnet's spec at epoch 300, 34M ETH active. */
const snapshot = (target: ReturnType<typeof validator>, churn = 262n * ETH): BeaconSnapshot => ({
  spec: {
    secondsPerSlot: 12n,
    slotsPerEpoch: 32n,
    shardCommitteePeriod: 256n,
    maxSeedLookahead: 4n,
    minValidatorWithdrawabilityDelay: 256n,
    minPerEpochChurnLimitGwei: 128n * ETH,
    churnLimitQuotient: 65_536n,
    maxPerEpochActivationExitChurnLimitGwei: 256n * ETH,
    maxPendingDepositsPerEpoch: 16n,
    maxWithdrawalsPerPayload: 16n,
  },
  genesisTime: 1_606_824_023n,
  headSlot: 9_600n,
  finalizedEpoch: 298n,
  totalActiveBalanceGwei: 34_000_000n * ETH,
  validatorCount: 1_000_000,
  pendingDeposits: [],
  partialQueueLength: 0,
  exitQueue: { lastEpoch: 0n, balanceAtLastEpochGwei: 0n },
  pendingConsolidations: [],
  consolidationChurnLimitGwei: churn,
  consolidationQueue: { lastEpoch: 0n, balanceAtLastEpochGwei: 0n },
  validator: validator(3, "01"),
  target,
});

describe("the consolidation dialog's pre-check of a snapshot", () => {
  it("passes a consolidation into a 0x02 target and refuses one into a 0x01 target, naming the rule", () => {
    expect(consolidationRefusal(snapshot(validator(4, "02")), owner, "consolidate")).toBeUndefined();
    expect(consolidationRefusal(snapshot(validator(4, "01")), owner, "consolidate")).toMatchObject({
      rule: "targetNotCompounding",
      shortMessage: "requestChecks.targetNotCompounding",
      values: { type: "0x01", index: 4 },
    });
    // An upgrade needs no target: the 0x01 source switches.
    expect(consolidationRefusal(snapshot(validator(4, "01")), owner, "upgrade")).toBeUndefined();
  });

  it("does not check against a snapshot of other validators than asked, or with a churn the spec does not give", () => {
    const good = snapshot(validator(4, "02"));
    expect(() => verifyConsolidationSnapshot(good, pubkey(3), { kind: "index", index: 4 })).not.toThrow();
    expect(() => verifyConsolidationSnapshot(good, pubkey(3), { kind: "pubkey", pubkey: pubkey(4) })).not.toThrow();
    const refused = (run: () => void) => {
      try {
        run();
      } catch (error) {
        return error instanceof AppError ? error.shortMessage : "another error";
      }
      return "accepted";
    };
    expect(refused(() => verifyConsolidationSnapshot(good, pubkey(5), undefined))).toBe("requestChecks.unavailable");
    expect(refused(() => verifyConsolidationSnapshot(good, pubkey(3), { kind: "index", index: 7 }))).toBe(
      "requestChecks.unavailable",
    );
    // 34M ETH active gives 262 ETH of consolidation churn an epoch, not 300.
    expect(
      refused(() => verifyConsolidationSnapshot(snapshot(validator(4, "02"), 300n * ETH), pubkey(3), undefined)),
    ).toBe("requestChecks.unavailable");
  });
});
