import { describe, expect, it } from "vitest";
import type { QueueSnapshot } from "./electra.ts";
import { etaFor } from "./index.ts";

const ETH = 1_000_000_000n;
const eta = etaFor("electra");

/** Mainnet's spec at head slot 320,000 (epoch 10,000), 34M ETH active, nothing queued. */
const mainnet: QueueSnapshot = {
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
  headSlot: 320_000n,
  finalizedEpoch: 9_998n,
  totalActiveBalanceGwei: 34_000_000n * ETH,
  validatorCount: 1_000_000,
  pendingDeposits: [],
  partialQueueLength: 0,
  exitQueue: { lastEpoch: 0n, balanceAtLastEpochGwei: 0n },
  pendingConsolidations: [],
  consolidationChurnLimitGwei: 262n * ETH,
  consolidationQueue: { lastEpoch: 0n, balanceAtLastEpochGwei: 0n },
};
const deposit = (amount: bigint, slot: bigint) => ({ pubkey: "0x00" as const, amountGwei: amount * ETH, slot });

describe("Electra churn limits", () => {
  it("34M ETH active: balance churn 518 ETH, activation/exit churn capped at 256 ETH, consolidations 262 ETH", () => {
    expect(eta.balanceChurnLimit(mainnet)).toBe(518n * ETH);
    expect(eta.activationExitChurnLimit(mainnet)).toBe(256n * ETH);
    expect(eta.consolidationChurnLimit(mainnet)).toBe(262n * ETH);
  });

  it("a small chain sits on MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA: 128 ETH, nothing left for consolidations", () => {
    const small = { ...mainnet, totalActiveBalanceGwei: 1_000_000n * ETH };
    expect(eta.balanceChurnLimit(small)).toBe(128n * ETH);
    expect(eta.activationExitChurnLimit(small)).toBe(128n * ETH);
    expect(eta.consolidationChurnLimit(small)).toBe(0n);
  });
});

describe("deposit ETA", () => {
  it("an empty queue: credited once its block is finalized, then eligible, then active after MAX_SEED_LOOKAHEAD", () => {
    // Sent in slot 320,001 of epoch 10,000: finalized at the end of epoch 10,002 (finalized 10,001 ≥ its epoch's
    // successor's start), eligible from 10,004, activated at the end of 10,005 for 10,005 + 1 + 4.
    expect(eta.depositProcessedEpoch(mainnet, 32n * ETH)).toBe(10_002n);
    expect(eta.newValidatorActivationEpoch(mainnet, 32n * ETH)).toBe(10_010n);
  });

  it("1,000 ETH queued ahead (all finalized) at 256 ETH an epoch: a 32 ETH deposit waits 5 epochs of churn", () => {
    const queued = { ...mainnet, pendingDeposits: [deposit(1_000n, 100n)] };
    // Epochs 10,000 to 10,003 carry 256, 512, 768, 1,024 ETH: the 1,000 ETH goes at the end of 10,003 with 24 ETH
    // left, too little for 32 ETH, which goes at the end of 10,004.
    expect(eta.depositProcessedEpoch(queued, 32n * ETH)).toBe(10_004n);
    expect(eta.depositProcessedEpoch(queued, 24n * ETH)).toBe(10_003n);
    const more = { ...mainnet, pendingDeposits: [deposit(1_000n, 100n), deposit(250n, 101n)] };
    // 1,250 + 32 = 1,282 > 1,280 (five epochs): the end of 10,005.
    expect(eta.depositProcessedEpoch(more, 32n * ETH)).toBe(10_005n);
  });

  it("at most 16 deposits an epoch: 40 of 1 ETH ahead take 3 epochs", () => {
    const many = {
      ...mainnet,
      pendingDeposits: Array.from({ length: 40 }, (_, n) => deposit(1n, BigInt(n))),
    };
    // 16 at the end of 10,000, 16 at 10,001, 8 and the new one at 10,002 (its own finality too).
    expect(eta.depositProcessedEpoch(many, 32n * ETH)).toBe(10_002n);
    const more = { ...many, pendingDeposits: Array.from({ length: 48 }, (_, n) => deposit(1n, BigInt(n))) };
    expect(eta.depositProcessedEpoch(more, 32n * ETH)).toBe(10_003n);
    // Two 0x01 validators in one transaction after the 40: the 41st and 42nd deposits, both at the end of 10,002.
    expect(eta.depositProcessedEpoch(many, 32n * ETH, 320_001n, 2)).toBe(10_002n);
    // Nine after the 40: the last is the 49th, at the end of 10,003.
    expect(eta.newValidatorActivationEpoch(many, 32n * ETH, 9)).toBe(10_003n + 2n + 1n + 5n);
  });

  it("a pending_queued validator eligible from epoch 10,001 activates at the end of 10,002: epoch 10,007", () => {
    expect(eta.activationForEligibility(mainnet, 10_001n)).toBe(10_007n);
  });

  it("an epoch starts at genesis + epoch × 32 × 12 s", () => {
    expect(eta.epochStart(mainnet, 10_010n)).toBe(1_606_824_023n + 10_010n * 384n);
  });
});

describe("exit and partial withdrawal ETA", () => {
  it("an empty exit queue: exit at current + 1 + MAX_SEED_LOOKAHEAD, withdrawable 256 epochs later, swept within the cycle", () => {
    expect(eta.exitEta(mainnet, 32n * ETH)).toEqual({
      exitEpoch: 10_005n,
      withdrawableEpoch: 10_261n,
      // 1,000,000 validators / (16 a payload × 32 slots) = 1,954 epochs for the sweep to come round, at most.
      paidByEpoch: 10_261n + 1_954n,
    });
  });

  it("1,000 ETH of exits queued at epoch 10,020: 24 ETH left there, so 32 ETH goes to 10,021", () => {
    const busy = { ...mainnet, exitQueue: { lastEpoch: 10_020n, balanceAtLastEpochGwei: 1_000n * ETH } };
    expect(eta.exitQueueEpoch(busy, 32n * ETH)).toBe(10_021n);
    expect(eta.exitQueueEpoch(busy, 24n * ETH)).toBe(10_020n);
    // A 2,048 ETH validator: 24 left, then 2,024 more at 256 an epoch: 8 epochs more.
    expect(eta.exitQueueEpoch(busy, 2_048n * ETH)).toBe(10_028n);
  });

  it("a partial withdrawal of 1.5 ETH, nothing queued: paid in the first block of epoch 10,005 + 256", () => {
    expect(eta.partialWithdrawalEta(mainnet, 1_500_000_000n)).toEqual({
      withdrawableEpoch: 10_261n,
      paidByEpoch: 10_261n,
    });
  });
});

describe("a top-up's ETA on the validator's card", () => {
  it("each of its deposits still queued, credited when the queue reaches it: 5 ETH behind 1,000 ETH at 10,003, then 32 ETH at 10,004", () => {
    const pubkey = `0x${"aa".repeat(48)}` as const;
    const far = 2n ** 64n - 1n;
    const snapshot = {
      ...mainnet,
      pendingDeposits: [
        deposit(1_000n, 100n),
        { pubkey, amountGwei: 5n * ETH, slot: 101n },
        { pubkey, amountGwei: 32n * ETH, slot: 102n },
      ],
      validator: {
        index: 9,
        pubkey,
        status: "active_ongoing",
        withdrawalCredentials: `0x02${"00".repeat(31)}` as const,
        balanceGwei: 40n * ETH,
        effectiveBalanceGwei: 40n * ETH,
        activationEligibilityEpoch: 10n,
        activationEpoch: 20n,
        exitEpoch: far,
        withdrawableEpoch: far,
        pendingPartials: [],
      },
      target: null,
    };
    expect(eta.validatorEtas(snapshot, pubkey)).toEqual([
      { kind: "topUp", amountGwei: 5n * ETH, creditedByEpoch: 10_003n },
      { kind: "topUp", amountGwei: 32n * ETH, creditedByEpoch: 10_004n },
    ]);
  });
});
