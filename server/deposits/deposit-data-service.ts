import { and, asc, eq, sql } from "drizzle-orm";
import { hexToBytes } from "viem";
import type { Network } from "../../src/generated/index.ts";
import { loadWasmBls } from "../../src/lib/deposit/bls-wasm.ts";
import { createDepositData, type DepositDataEntry, withdrawalCredentials } from "../../src/lib/deposit/index.ts";
import { ApiError } from "../http/api-error.ts";
import type { Storage } from "../storage/database.ts";
import { depositRequests, validatorKeys } from "../storage/schema.ts";
import type { DepositRequest } from "./deposit-request.ts";
import type { ProviderKeys } from "./provider-keys.ts";
import { type DepositPlan, resolveDepositPlan } from "./resolve-deposit-plan.ts";

export interface DepositDataResult {
  /** False when the idempotency key was seen before and the stored validators are returned. */
  readonly created: boolean;
  readonly requestId: number;
  readonly depositData: readonly DepositDataEntry[];
}

/**
 * Creates operator validators and their deposit data for a staker, once per idempotency key: a retry with the
 * same key and parameters returns the same validators; the same key with other parameters is refused.
 */
export class DepositDataService {
  constructor(
    private readonly storage: Storage,
    private readonly registry: readonly Network[],
    private readonly servedKinds: readonly string[],
    /** The keys for an environment kind, or undefined when this server has none for it. */
    private readonly keysFor: (kind: string) => ProviderKeys | undefined,
  ) {}

  async handle(request: DepositRequest): Promise<DepositDataResult> {
    const plan = resolveDepositPlan(request, this.registry, this.servedKinds);
    const existing = await this.find(plan.owner, request.idempotencyKey, plan);
    if (existing) return existing;
    const keys = this.keysFor(plan.environment.kind);
    if (!keys) {
      throw new ApiError(
        503,
        "deposit_keys_not_configured",
        `this server has no validator keys for ${plan.environment.name}; set DEPOSIT_SEED and KEYSTORE_KEY`,
      );
    }

    // Key indexes come from a sequence, outside the transaction: a failed attempt leaves a gap, never a reuse.
    const allocated = await this.storage.rows<{ index: string | number }>(
      sql`select nextval('validator_key_index') as index from generate_series(1, ${plan.amountsGwei.length})`,
    );
    const indexes = allocated.map((row) => Number(row.index));
    const credentials = withdrawalCredentials(plan.credentialType, plan.owner);
    // bls-eth-wasm signs byte for byte as noble does (deterministic BLS, asserted in bls-wasm.test.ts), ~20× faster.
    const signer = await loadWasmBls();
    const validators = await Promise.all(
      plan.amountsGwei.map(async (amountGwei, position) => {
        const keyIndex = indexes[position] as number;
        const key = keys.signingKey(keyIndex);
        const depositData = createDepositData(
          {
            secretKey: key.secretKey,
            withdrawalCredentials: credentials,
            amountGwei,
            forkVersion: hexToBytes(plan.forkVersion as `0x${string}`),
            networkName: plan.environment.id,
          },
          signer,
        );
        return {
          position,
          keyIndex,
          pubkey: depositData.pubkey,
          keystore: await keys.keystore(key.secretKey, key.pubkey, key.path),
          depositData,
        };
      }),
    );
    try {
      const requestId = await this.storage.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(depositRequests)
          .values({
            owner: plan.owner,
            idempotencyKey: request.idempotencyKey,
            network: plan.network.slug,
            environment: plan.environment.id,
            credentialType: plan.credentialType,
            validatorCount: plan.amountsGwei.length,
            amountGwei: plan.amountsGwei.reduce((sum, amount) => sum + amount, 0n),
          })
          .returning({ id: depositRequests.id });
        const id = (row as { id: number }).id;
        await tx.insert(validatorKeys).values(validators.map((validator) => ({ ...validator, requestId: id })));
        return id;
      });
      return { created: true, requestId, depositData: validators.map((validator) => validator.depositData) };
    } catch (error) {
      // Another request with the same key won the race: answer with what it stored.
      const winner = await this.find(plan.owner, request.idempotencyKey, plan);
      if (winner) return winner;
      throw error;
    }
  }

  private async find(owner: string, idempotencyKey: string, plan: DepositPlan): Promise<DepositDataResult | undefined> {
    const [stored] = await this.storage.db
      .select()
      .from(depositRequests)
      .where(and(eq(depositRequests.owner, owner), eq(depositRequests.idempotencyKey, idempotencyKey)));
    if (!stored) return undefined;
    const total = plan.amountsGwei.reduce((sum, amount) => sum + amount, 0n);
    const same =
      stored.network === plan.network.slug &&
      stored.environment === plan.environment.id &&
      stored.credentialType === plan.credentialType &&
      stored.validatorCount === plan.amountsGwei.length &&
      stored.amountGwei === total;
    if (!same) {
      throw new ApiError(
        409,
        "idempotency_key_reused",
        "this idempotency key was already used for a different deposit: use a new key for a new stake",
        "idempotencyKey",
      );
    }
    const keys = await this.storage.db
      .select()
      .from(validatorKeys)
      .where(eq(validatorKeys.requestId, stored.id))
      .orderBy(asc(validatorKeys.position));
    return {
      created: false,
      requestId: stored.id,
      depositData: keys.map((key) => key.depositData as DepositDataEntry),
    };
  }
}
