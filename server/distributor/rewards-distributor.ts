import type { Address, Hash, PrivateKeyAccount, PublicClient } from "viem";
import type { Transaction } from "../indexer/indexer-lease.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import type { Storage } from "../storage/database.ts";
import { type AllocationOutcome, allocateOwed } from "./allocate-owed.ts";
import { attributeFinalizedBlocks, type Mismatch } from "./attribute-blocks.ts";
import { BeaconBlocks } from "./beacon-blocks.ts";

/** One environment whose execution-layer rewards the distributor pays. */
export interface DistributorTarget {
  readonly network: string;
  readonly environment: string;
  readonly chainId: number;
  readonly beaconApiUrl: string;
  readonly rewardsClaim: Address;
  readonly commissionBps: bigint;
  readonly mode: "send" | "safe";
  /** The operator's key (DISTRIBUTOR_KEY_*), RewardsClaim's owner; required with mode "send". */
  readonly account?: PrivateKeyAccount;
  readonly safeDir?: string;
}

export interface DistributorPass {
  readonly attributed: number;
  readonly mismatches: readonly Mismatch[];
  readonly outcome: AllocationOutcome;
}

export interface DistributorOptions {
  readonly storage: Storage;
  readonly targets: readonly DistributorTarget[];
  /** Each pass's outcome: blocks attributed, balance mismatches among them, and what became of the batch. */
  readonly onPass?: (target: DistributorTarget, pass: DistributorPass) => Promise<void>;
  /** See AllocationScope.onStep (tests stop the job there). */
  readonly onStep?: (step: "signed" | "broadcast", hash: Hash) => Promise<void>;
  readonly receiptTimeoutMs?: number;
  /** How long a Beacon API read may take (BEACON_TIMEOUT_MS; 10 s when not given). */
  readonly beaconTimeoutMs?: number;
}

/**
 * The rewards distributor: run by the indexer after each pass over an environment, under that environment's
 * lease (one instance distributes), it attributes finalized proposed blocks, then allocates one batch.
 */
export class RewardsDistributor {
  private readonly beacons = new Map<string, BeaconBlocks>();

  constructor(private readonly options: DistributorOptions) {}

  /** One distributor pass for an environment the indexer just indexed; environments without a target are skipped. */
  async run(entry: ServedEnvironment, client: PublicClient, fence?: (tx: Transaction) => Promise<void>): Promise<void> {
    const target = this.options.targets.find(
      (candidate) => candidate.network === entry.network && candidate.environment === entry.environment.id,
    );
    if (!target) return;
    const scope = { network: target.network, environment: target.environment, client, fence };
    const { attributed, mismatches } = await attributeFinalizedBlocks(this.options.storage, {
      ...scope,
      beacon: this.beacon(target.beaconApiUrl),
      feeRecipient: target.rewardsClaim,
      commissionBps: target.commissionBps,
    });
    const outcome = await allocateOwed(this.options.storage, {
      ...scope,
      chainId: target.chainId,
      rewardsClaim: target.rewardsClaim,
      mode: target.mode,
      account: target.account,
      safeDir: target.safeDir,
      onStep: this.options.onStep,
      receiptTimeoutMs: this.options.receiptTimeoutMs,
    });
    await this.options.onPass?.(target, { attributed, mismatches, outcome });
  }

  /**
   * Forgets what it read from the Beacon API nodes (their genesis time and slot length): called when a devnet
   * started over with a new chain, whose Beacon stand-in has a new genesis.
   */
  forget(): void {
    this.beacons.clear();
  }

  private beacon(url: string): BeaconBlocks {
    let beacon = this.beacons.get(url);
    if (!beacon) {
      beacon = new BeaconBlocks(url, this.options.beaconTimeoutMs);
      this.beacons.set(url, beacon);
    }
    return beacon;
  }
}
