import { and, asc, eq } from "drizzle-orm";
import { getAddress, hexToBytes } from "viem";
import type { DepositRequest } from "../../src/core/api/deposit-data.ts";
import { type DepositDataEntry, withdrawalCredentials } from "../../src/core/deposit/index.ts";
import type { Network } from "../../src/generated/index.ts";
import { ApiError } from "../http/api-error.ts";
import type { Storage } from "../storage/database.ts";
import { depositRequests, validatorKeys } from "../storage/schema.ts";
import type { KeyWorkerPool } from "./key-worker-pool.ts";
import type { KeystoreWriter } from "./keystore-writer.ts";
import { reserveDepositKeys, type StoredDepositRequest, type UndepositedKeyCaps } from "./reserve-deposit-keys.ts";
import { type DepositPlan, resolveDepositPlan } from "./resolve-deposit-plan.ts";
import { seedBranch } from "./seed-branch.ts";
import { takeValidatorAllowance } from "./validator-allowance.ts";

export interface DepositDataResult {
  /** False when the idempotency key was seen before and the same validators are returned. */
  readonly created: boolean;
  readonly requestId: number;
  readonly depositData: readonly DepositDataEntry[];
}

export interface DepositDataServiceOptions {
  readonly storage: Storage;
  readonly registry: readonly Network[];
  readonly servedKinds: readonly string[];
  /** True when DEPOSIT_SEED and KEYSTORE_KEY are set: mainnet and testnet keys can be made. */
  readonly providerConfigured: boolean;
  readonly pool: KeyWorkerPool;
  readonly keystores: KeystoreWriter;
  /** DEPOSIT_VALIDATORS_PER_MINUTE. */
  readonly validatorsPerMinute: number;
  readonly caps: UndepositedKeyCaps;
  /** With DEPOSIT_REQUIRES_SIGN_IN: the live sign-in session of a bearer token, if any. */
  readonly session?: (token: string) => Promise<{ readonly address: string } | undefined>;
}

/** Who asks: the client's address (for the per-minute allowance) and its Authorization header. */
export interface DepositCaller {
  readonly client: string;
  readonly authorization?: string | undefined;
}

/**
 * Creates operator validators and their deposit data for a staker, once per idempotency key: a retry with the
 * same key and parameters returns the same validators and costs no allowance; the same key with other
 * parameters is refused. New requests are counted in validators per client and minute, capped by the keys
 * never deposited per owner and in total, and signed on a key thread (503 with Retry-After when all are busy).
 */
export class DepositDataService {
  constructor(private readonly options: DepositDataServiceOptions) {}

  async handle(request: DepositRequest, caller: DepositCaller): Promise<DepositDataResult> {
    const { storage } = this.options;
    const plan = resolveDepositPlan(request, this.options.registry, this.options.servedKinds);
    await this.checkSignIn(plan.owner, caller.authorization);
    const existing = await this.find(plan, request.idempotencyKey);
    if (existing) return this.complete(existing, plan, false);

    const count = plan.amountsGwei.length;
    this.assertKeysConfigured(plan);
    this.options.pool.assertRoom(count);
    const allowance = await takeValidatorAllowance(storage, {
      client: caller.client,
      validators: count,
      perMinute: this.options.validatorsPerMinute,
      field: plan.credentialType === "0x01" ? "validatorCount" : "amount",
    });
    let reserved: Awaited<ReturnType<typeof reserveDepositKeys>>;
    try {
      const branch = seedBranch(plan.network, plan.environment).info;
      reserved = await reserveDepositKeys(
        storage,
        { plan, idempotencyKey: request.idempotencyKey, branch },
        this.options.caps,
      );
    } catch (error) {
      await allowance.refund();
      // Another request with the same key (for another environment) stored it first: answer as for a retry.
      const winner = await this.find(plan, request.idempotencyKey);
      if (winner) return this.complete(winner, plan, false);
      throw error;
    }
    if (!reserved.created) await allowance.refund();
    return this.complete(this.same(reserved.request, plan), plan, reserved.created);
  }

  private async checkSignIn(owner: string, authorization: string | undefined): Promise<void> {
    if (!this.options.session) return;
    const token = /^Bearer ([0-9a-f]{64})$/.exec(authorization ?? "")?.[1];
    const session = token ? await this.options.session(token) : undefined;
    if (!session) {
      throw new ApiError(
        401,
        "sign_in_required",
        "authorization: this server prepares validators only for a signed-in owner (DEPOSIT_REQUIRES_SIGN_IN): sign in with the owner's wallet and send the session token as Authorization: Bearer <token>",
        "authorization",
      );
    }
    if (getAddress(session.address) !== owner) {
      throw new ApiError(
        403,
        "owner_not_signed_in",
        `owner: ${owner} is not the signed-in address ${getAddress(session.address)}: sign in with the owner's wallet`,
        "owner",
      );
    }
  }

  private assertKeysConfigured(plan: DepositPlan): void {
    if (seedBranch(plan.network, plan.environment).root === "devnet" || this.options.providerConfigured) return;
    throw new ApiError(
      503,
      "deposit_keys_not_configured",
      `this server has no validator keys for ${plan.environment.name}; set DEPOSIT_SEED and KEYSTORE_KEY`,
    );
  }

  /** The stored request's validators, signed now (on a key thread) when they are not stored yet. */
  private async complete(
    stored: StoredDepositRequest,
    plan: DepositPlan,
    created: boolean,
  ): Promise<DepositDataResult> {
    const { storage } = this.options;
    const keys = await storage.db
      .select()
      .from(validatorKeys)
      .where(eq(validatorKeys.requestId, stored.id))
      .orderBy(asc(validatorKeys.position));
    if (keys.length === stored.validatorCount) {
      return { created, requestId: stored.id, depositData: keys.map((key) => key.depositData as DepositDataEntry) };
    }
    if (stored.seedBranch === null || stored.firstKeyIndex === null) {
      throw new Error(
        `deposit request ${stored.id} has ${keys.length} of ${stored.validatorCount} keys and no key branch`,
      );
    }
    this.assertKeysConfigured(plan);
    const branch = { root: seedBranch(plan.network, plan.environment).root, info: stored.seedBranch };
    const signed = await this.options.pool.sign({
      kind: "sign",
      branch,
      firstIndex: stored.firstKeyIndex,
      amountsGwei: plan.amountsGwei,
      withdrawalCredentials: withdrawalCredentials(plan.credentialType, plan.owner),
      forkVersion: hexToBytes(plan.forkVersion as `0x${string}`),
      networkName: plan.environment.id,
    });
    // A concurrent retry may have signed the same keys (deterministic signatures): its rows are identical.
    await storage.db
      .insert(validatorKeys)
      .values(
        signed.map((key, position) => ({
          requestId: stored.id,
          position,
          seedBranch: branch.info,
          keyIndex: key.keyIndex,
          pubkey: key.depositData.pubkey,
          depositData: key.depositData,
        })),
      )
      .onConflictDoNothing();
    this.options.keystores.schedule();
    return { created, requestId: stored.id, depositData: signed.map((key) => key.depositData) };
  }

  private async find(plan: DepositPlan, idempotencyKey: string): Promise<StoredDepositRequest | undefined> {
    const [stored] = await this.options.storage.db
      .select()
      .from(depositRequests)
      .where(and(eq(depositRequests.owner, plan.owner), eq(depositRequests.idempotencyKey, idempotencyKey)));
    return stored ? this.same(stored, plan) : undefined;
  }

  /** The stored request, when it asked for exactly what `plan` asks; else the 409 for a reused key. */
  private same(stored: StoredDepositRequest, plan: DepositPlan): StoredDepositRequest {
    const total = plan.amountsGwei.reduce((sum, amount) => sum + amount, 0n);
    const same =
      stored.network === plan.network.slug &&
      stored.environment === plan.environment.id &&
      stored.credentialType === plan.credentialType &&
      stored.validatorCount === plan.amountsGwei.length &&
      stored.amountGwei === total;
    if (same) return stored;
    throw new ApiError(
      409,
      "idempotency_key_reused",
      "this idempotency key was already used for a different deposit: use a new key for a new stake",
      "idempotencyKey",
    );
  }
}
