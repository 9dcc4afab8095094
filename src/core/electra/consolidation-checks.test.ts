import { describe, expect, it } from "vitest";
import enUS from "../../../locales/en_US.json" with { type: "json" };
import zhCN from "../../../locales/zh_CN.json" with { type: "json" };
import type { BeaconSnapshot } from "../api/beacon-snapshot.ts";
import { consolidationChurnLimit } from "../queue-eta/electra.ts";
import {
  type BeaconValidatorView,
  type ConsolidationCheckContext,
  type ConsolidationRequestKind,
  checkConsolidationRequest,
} from "./request-checks.ts";

const owner = "0x1111111111111111111111111111111111111111";
const stranger = "0x2222222222222222222222222222222222222222";
const credentials = (type: "00" | "01" | "02", address = owner) => `0x${type}0000000000000000000000${address.slice(2)}`;
const ETH = 1_000_000_000n;
const FAR = "18446744073709551615";

/** An entry of GET /eth/v1/beacon/states/head/validators (beacon-APIs: decimal strings, 0x hex). */
interface ApiValidator {
  index: string;
  balance: string;
  status: string;
  validator: {
    withdrawal_credentials: string;
    effective_balance: string;
    activation_epoch: string;
    exit_epoch: string;
  };
}
const apiValidator = (index: number, type: "00" | "01" | "02", overrides: Partial<ApiValidator["validator"]> = {}) =>
  ({
    index: `${index}`,
    balance: "32000000000",
    status: "active_ongoing",
    validator: {
      withdrawal_credentials: credentials(type),
      effective_balance: "32000000000",
      activation_epoch: "10",
      exit_epoch: FAR,
      ...overrides,
    },
  }) satisfies ApiValidator;
const view = (entry: ApiValidator): BeaconValidatorView => ({
  index: Number(entry.index),
  withdrawalCredentials: entry.validator.withdrawal_credentials,
  balanceGwei: BigInt(entry.balance),
  effectiveBalanceGwei: BigInt(entry.validator.effective_balance),
  activationEpoch: BigInt(entry.validator.activation_epoch),
  exitEpoch: BigInt(entry.validator.exit_epoch),
});

/** Mainnet's config (GET /eth/v1/config/spec) at head slot 9,600 (epoch 300), 34 million ETH active. */
const snapshot = (totalActiveEth: bigint): BeaconSnapshot => ({
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
  totalActiveBalanceGwei: totalActiveEth * ETH,
  validatorCount: 1_000_000,
  pendingDeposits: [],
  partialQueueLength: 0,
  exitQueue: { lastEpoch: 0n, balanceAtLastEpochGwei: 0n },
  pendingConsolidations: [],
  consolidationChurnLimitGwei: 0n,
  consolidationQueue: { lastEpoch: 0n, balanceAtLastEpochGwei: 0n },
  validator: null,
  target: null,
});

/** GET .../pending_consolidations entries and pending_partial_withdrawals of the source, as the API gives them. */
const context = (
  source: ApiValidator | undefined,
  target: ApiValidator | undefined,
  options: {
    pendingConsolidations?: { source_index: string; target_index: string }[];
    pendingPartials?: { validator_index: string; amount: string }[];
    totalActiveEth?: bigint;
    sender?: string;
  } = {},
): ConsolidationCheckContext => {
  const state = snapshot(options.totalActiveEth ?? 34_000_000n);
  return {
    source: source && view(source),
    target: target && view(target),
    currentEpoch: state.headSlot / state.spec.slotsPerEpoch,
    shardCommitteePeriod: state.spec.shardCommitteePeriod,
    sourcePendingPartialGwei: (options.pendingPartials ?? [])
      .filter((entry) => entry.validator_index === source?.index)
      .reduce((sum, entry) => sum + BigInt(entry.amount), 0n),
    pendingConsolidations: (options.pendingConsolidations ?? []).map((entry) => ({
      sourceIndex: Number(entry.source_index),
      targetIndex: Number(entry.target_index),
    })),
    consolidationChurnLimitGwei: consolidationChurnLimit(state),
    sender: options.sender ?? owner,
  };
};
const refusal = (checked: ConsolidationCheckContext, kind: ConsolidationRequestKind) => {
  const found = checkConsolidationRequest(checked, kind);
  return found && { rule: found.rule, message: found.shortMessage, values: found.values };
};

const source = apiValidator(3, "01");
const target = apiValidator(4, "02");

describe("checkConsolidationRequest, upgrade to 0x02 (is_valid_switch_to_compounding_request)", () => {
  it("lets a 0x01 validator's owner upgrade it", () => {
    expect(refusal(context(source, undefined), "upgrade")).toBeUndefined();
  });

  it("needs neither consolidation churn, SHARD_COMMITTEE_PERIOD nor an empty partial queue", () => {
    const young = apiValidator(3, "01", { activation_epoch: "299" });
    const checked = context(young, undefined, {
      totalActiveEth: 1_000_000n,
      pendingPartials: [{ validator_index: "3", amount: "500000000" }],
    });
    expect(checked.consolidationChurnLimitGwei).toBe(0n);
    expect(refusal(checked, "upgrade")).toBeUndefined();
  });

  it("refuses an unknown validator, 0x00 credentials, another sender and 0x02 credentials", () => {
    expect(refusal(context(undefined, undefined), "upgrade")?.rule).toBe("unknownValidator");
    expect(refusal(context(apiValidator(3, "00"), undefined), "upgrade")).toMatchObject({
      rule: "noExecutionCredentials",
      values: { type: "0x00" },
    });
    expect(refusal(context(source, undefined, { sender: stranger }), "upgrade")).toMatchObject({
      rule: "notWithdrawalAddress",
      values: { withdrawalAddress: owner, sender: stranger },
    });
    expect(refusal(context(apiValidator(3, "02"), undefined), "upgrade")).toMatchObject({
      rule: "alreadyCompounding",
      message: "requestChecks.alreadyCompounding",
    });
  });

  it("refuses a validator exiting or not active yet", () => {
    expect(refusal(context(apiValidator(3, "01", { exit_epoch: "400" }), undefined), "upgrade")).toMatchObject({
      rule: "alreadyExiting",
      values: { epoch: "400" },
    });
    expect(refusal(context(apiValidator(3, "01", { activation_epoch: "301" }), undefined), "upgrade")?.rule).toBe(
      "notActive",
    );
  });
});

describe("checkConsolidationRequest, consolidation (process_consolidation_request)", () => {
  it("lets the owner consolidate a 0x01 validator into a 0x02 one", () => {
    expect(refusal(context(source, target), "consolidate")).toBeUndefined();
    expect(refusal(context(apiValidator(3, "02"), target), "consolidate")).toBeUndefined();
  });

  it("refuses a validator as its own target", () => {
    expect(refusal(context(target, target), "consolidate")).toMatchObject({ rule: "sameValidator" });
  });

  it("refuses when pending_consolidations holds PENDING_CONSOLIDATIONS_LIMIT (262,144) entries", () => {
    const full = Array.from({ length: 262_144 }, (_, i) => ({ source_index: `${i + 100}`, target_index: "99" }));
    expect(refusal(context(source, target, { pendingConsolidations: full }), "consolidate")).toMatchObject({
      rule: "consolidationQueueFull",
      values: { limit: 262_144 },
    });
    expect(refusal(context(source, target, { pendingConsolidations: full.slice(1) }), "consolidate")).toBeUndefined();
  });

  it("refuses while the consolidation churn is not above 32 ETH (16.7 million ETH active: none left)", () => {
    // 16,777,216 ETH / 65,536 = 256 ETH balance churn, all of it activation/exit churn.
    expect(refusal(context(source, target, { totalActiveEth: 16_777_216n }), "consolidate")).toMatchObject({
      rule: "consolidationChurnTooLow",
      values: { churn: "0", minimum: "32" },
    });
    // 18,874,368 ETH: 288 ETH balance churn, 32 ETH left for consolidations, still not above 32.
    expect(refusal(context(source, target, { totalActiveEth: 18_874_368n }), "consolidate")).toMatchObject({
      rule: "consolidationChurnTooLow",
      values: { churn: "32" },
    });
    // 18,939,904 ETH: 289 ETH, 33 ETH for consolidations.
    expect(refusal(context(source, target, { totalActiveEth: 18_939_904n }), "consolidate")).toBeUndefined();
  });

  it("refuses an unknown source or target", () => {
    expect(refusal(context(undefined, target), "consolidate")?.rule).toBe("unknownValidator");
    expect(refusal(context(source, undefined), "consolidate")?.rule).toBe("unknownTarget");
  });

  it("refuses 0x00 source credentials and a sender other than the source's withdrawal address", () => {
    expect(refusal(context(apiValidator(3, "00"), target), "consolidate")?.rule).toBe("noExecutionCredentials");
    expect(refusal(context(source, target, { sender: stranger }), "consolidate")?.rule).toBe("notWithdrawalAddress");
  });

  it("refuses a target without compounding (0x02) credentials", () => {
    expect(refusal(context(source, apiValidator(4, "01")), "consolidate")).toMatchObject({
      rule: "targetNotCompounding",
      values: { type: "0x01", index: 4 },
    });
  });

  it("refuses a source already in pending_consolidations", () => {
    const queued = [{ source_index: "3", target_index: "9" }];
    expect(refusal(context(source, target, { pendingConsolidations: queued }), "consolidate")).toMatchObject({
      rule: "alreadyQueued",
      values: { index: 9 },
    });
  });

  it("refuses a source or target exiting, or not active yet", () => {
    const exiting = { exit_epoch: "305" };
    expect(refusal(context(apiValidator(3, "01", exiting), target), "consolidate")?.rule).toBe("alreadyExiting");
    expect(refusal(context(source, apiValidator(4, "02", exiting)), "consolidate")).toMatchObject({
      rule: "targetExiting",
      values: { epoch: "305", index: 4 },
    });
    const pending = { activation_epoch: FAR };
    expect(refusal(context(apiValidator(3, "01", pending), target), "consolidate")?.rule).toBe("notActive");
    expect(refusal(context(source, apiValidator(4, "02", pending)), "consolidate")?.rule).toBe("targetNotActive");
  });

  it("refuses a source active for fewer than SHARD_COMMITTEE_PERIOD epochs: 256 after epoch 50 is epoch 306", () => {
    expect(refusal(context(apiValidator(3, "01", { activation_epoch: "50" }), target), "consolidate")).toMatchObject({
      rule: "tooSoonAfterActivation",
      values: { period: "256", epoch: "306", epochsLeft: "6" },
    });
    // A young target is fine: the period applies to the source only.
    expect(refusal(context(source, apiValidator(4, "02", { activation_epoch: "299" })), "consolidate")).toBeUndefined();
  });

  it("refuses a source with a pending partial withdrawal (0.5 ETH queued), naming a consolidation", () => {
    const pendingPartials = [{ validator_index: "3", amount: "500000000" }];
    expect(refusal(context(source, target, { pendingPartials }), "consolidate")).toEqual({
      rule: "pendingPartialWithdrawals",
      message: "requestChecks.pendingPartialWithdrawalsConsolidation",
      values: { amount: "0.5" },
    });
    // The target's pending partials do not matter.
    const targets = [{ validator_index: "4", amount: "500000000" }];
    expect(refusal(context(source, target, { pendingPartials: targets }), "consolidate")).toBeUndefined();
  });
});

describe("consolidation refusals in words", () => {
  it("has each refusal's text in English and Chinese, naming the rule", () => {
    const refusals = [
      context(apiValidator(3, "02"), undefined),
      context(target, target),
      context(source, target, { totalActiveEth: 16_777_216n }),
      context(source, undefined),
      context(source, apiValidator(4, "01")),
      context(source, target, { pendingConsolidations: [{ source_index: "3", target_index: "9" }] }),
      context(source, apiValidator(4, "02", { exit_epoch: "305" })),
      context(source, apiValidator(4, "02", { activation_epoch: FAR })),
      context(source, target, { pendingPartials: [{ validator_index: "3", amount: "1" }] }),
    ].map((checked, i) => checkConsolidationRequest(checked, i === 0 ? "upgrade" : "consolidate"));
    const english = enUS.requestChecks as Record<string, string>;
    const chinese = zhCN.requestChecks as Record<string, string>;
    for (const found of refusals) {
      const key = found?.shortMessage.replace("requestChecks.", "") ?? "none";
      expect(english[key], key).toMatch(/consensus layer/);
      expect(chinese[key], key).toMatch(/共识层/);
    }
    expect(english.consolidationChurnTooLow).toBe(
      "The consensus layer can consolidate only {{churn}} {{symbol}} an epoch on this chain, not more than {{minimum}} {{symbol}}: it drops every consolidation request until that churn grows. Nothing was sent.",
    );
  });
});
