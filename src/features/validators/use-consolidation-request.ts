import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import type { Config } from "wagmi";
import type { TransactionFlowControls } from "../../components/transaction/use-transaction-flow.ts";
import type { BeaconSnapshot } from "../../core/api/beacon-snapshot.ts";
import type { ListedValidator } from "../../core/api/validators.ts";
import { AppError } from "../../core/app-error.ts";
import {
  type BeaconValidatorView,
  type ConsolidationRequestKind,
  checkConsolidationRequest,
  type RequestRefusedError,
} from "../../core/electra/request-checks.ts";
import { formatDuration } from "../../core/format-duration.ts";
import type { EnvironmentChain } from "../../core/network-environment.ts";
import { etaFor } from "../../core/queue-eta/index.ts";
import { buildConsolidationRequest } from "../../families/ethereum-beacon/build-consolidation-request.ts";
import { readConsolidationFee } from "../../families/ethereum-beacon/consolidation-fee-query.ts";
import type { Network } from "../../generated/index.ts";
import { readBeaconSnapshot } from "../../lib/api/beacon-snapshot-query.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";
import { type ConsolidationTarget, targetQuery } from "./consolidation-target.ts";

/** What the dialog asks: switch this validator to 0x02, or merge it into `target`. */
export type ConsolidationAsk =
  | { readonly kind: "upgrade" }
  | { readonly kind: "consolidate"; readonly target: ConsolidationTarget };

export interface ConsolidationRequestInput {
  readonly validator: ListedValidator;
  readonly network: Network;
  readonly chain: EnvironmentChain;
  readonly contract: Address | undefined;
  readonly config: Config | undefined;
  readonly account: Address | undefined;
  readonly controls: TransactionFlowControls;
}

type SnapshotValidator = NonNullable<BeaconSnapshot["validator"]>;

const view = (validator: SnapshotValidator | null): BeaconValidatorView | undefined => validator ?? undefined;

/**
 * Checks that the server's snapshot answers what was asked, and that its consolidation churn is the one the
 * spec's figures give (computed here again): a snapshot of another validator or with a churn of its own is not
 * checked against, it is refused.
 */
export function verifyConsolidationSnapshot(
  snapshot: BeaconSnapshot,
  pubkey: string,
  target: ConsolidationTarget | undefined,
): void {
  const problems: string[] = [];
  if (snapshot.validator && snapshot.validator.pubkey.toLowerCase() !== pubkey.toLowerCase())
    problems.push(`validator ${snapshot.validator.pubkey} instead of ${pubkey}`);
  const found = snapshot.target;
  if (target && found) {
    const same = target.kind === "index" ? found.index === target.index : found.pubkey.toLowerCase() === target.pubkey;
    if (!same) problems.push(`target ${found.index} is not the one asked for`);
  }
  const churn = etaFor("electra").consolidationChurnLimit(snapshot);
  if (churn !== snapshot.consolidationChurnLimitGwei)
    problems.push(`consolidation churn ${snapshot.consolidationChurnLimitGwei} gwei, the spec gives ${churn}`);
  if (problems.length > 0) throw new AppError("requestChecks.unavailable", { details: problems.join("; ") });
}

/** The Electra pre-checks of an EIP-7251 request against the snapshot (see core/electra/request-checks). */
export function consolidationRefusal(snapshot: BeaconSnapshot, sender: Address, kind: ConsolidationRequestKind) {
  const { validator, spec } = snapshot;
  return checkConsolidationRequest(
    {
      source: view(validator),
      target: view(snapshot.target),
      currentEpoch: snapshot.headSlot / spec.slotsPerEpoch,
      shardCommitteePeriod: spec.shardCommitteePeriod,
      sourcePendingPartialGwei: (validator?.pendingPartials ?? []).reduce((sum, entry) => sum + entry.amountGwei, 0n),
      pendingConsolidations: snapshot.pendingConsolidations,
      consolidationChurnLimitGwei: snapshot.consolidationChurnLimitGwei,
      sender,
    },
    kind,
  );
}

/**
 * The upgrade / consolidation dialog's "Review request": reads the request contract's fee (an empty-calldata
 * call, now) and the consensus layer's head state with both validators, refuses a request the consensus layer
 * would drop silently (naming the rule, sending nothing), builds the EIP-7251 request with that fee exactly and
 * hands it to the send path's review, which checks account and chain, simulates it and estimates its gas.
 */
export function useConsolidationRequest(input: ConsolidationRequestInput) {
  const { validator, network, chain, contract, config, account, controls } = input;
  const { t, i18n } = useTranslation();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [reading, setReading] = useState(false);

  const describeRefusal = (refusal: RequestRefusedError, snapshot: BeaconSnapshot) => {
    const epochs = BigInt(refusal.values.epochsLeft ?? 0);
    const seconds = epochs * snapshot.spec.slotsPerEpoch * snapshot.spec.secondsPerSlot;
    return t(refusal.shortMessage, {
      ...refusal.values,
      symbol: network.symbol,
      wait: formatDuration(seconds, i18n.language),
    });
  };

  const review = async (ask: ConsolidationAsk): Promise<void> => {
    setProblem(undefined);
    if (!account || !config || !contract) return;
    setReading(true);
    try {
      const environment = servedEnvironmentOf(network);
      const target = ask.kind === "consolidate" ? ask.target : undefined;
      const [feeWei, snapshot] = await Promise.all([
        readConsolidationFee(config, chain.id, contract).catch((cause: unknown) => {
          throw new AppError("consolidate.errors.feeUnavailable", { cause });
        }),
        readBeaconSnapshot(
          network.slug,
          environment?.id ?? "",
          validator.pubkey,
          undefined,
          target && targetQuery(target),
        ).catch((cause: unknown) => {
          throw new AppError("requestChecks.unavailable", { cause });
        }),
      ]);
      verifyConsolidationSnapshot(snapshot, validator.pubkey, target);
      const refusal = consolidationRefusal(snapshot, account, ask.kind);
      if (refusal) {
        setProblem(describeRefusal(refusal, snapshot));
        return;
      }
      const source = snapshot.validator as SnapshotValidator;
      const merged = ask.kind === "consolidate" ? (snapshot.target as SnapshotValidator) : undefined;
      const call = buildConsolidationRequest({
        contract,
        choice: merged
          ? { kind: "consolidate", sourcePubkey: source.pubkey, targetPubkey: merged.pubkey }
          : { kind: "upgrade", pubkey: source.pubkey },
        feeWei,
      });
      const eta = merged ? etaFor("electra").consolidationEta(snapshot, source.effectiveBalanceGwei) : undefined;
      await controls.prepare({
        kind: "consolidation",
        chain,
        account,
        ...call,
        details: {
          choice: ask.kind,
          sourcePubkey: source.pubkey,
          sourceIndex: String(source.index),
          ...(merged ? { targetPubkey: merged.pubkey, targetIndex: String(merged.index) } : {}),
          balanceGwei: source.balanceGwei.toString(),
          ...(eta
            ? {
                movedByEpoch: eta.movedByEpoch.toString(),
                movedAt: etaFor("electra").epochStart(snapshot, eta.movedByEpoch).toString(),
              }
            : {}),
        },
      });
    } catch (error) {
      const known = error instanceof AppError ? error : new AppError("consolidate.errors.unexpected", { cause: error });
      setProblem(t(known.shortMessage, known.values));
    } finally {
      setReading(false);
    }
  };

  return { review, problem, reading };
}
