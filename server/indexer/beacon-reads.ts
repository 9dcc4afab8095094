import { z } from "zod";

const decimal = z.string().regex(/^\d+$/);
const root = z.string().regex(/^0x[0-9a-fA-F]{64}$/);
const pubkey = z.string().regex(/^0x[0-9a-fA-F]{96}$/);

const headerResponse = z.object({
  data: z.object({
    root,
    header: z.object({ message: z.object({ slot: decimal, parent_root: root }) }),
  }),
});
const specResponse = z.object({ data: z.object({ SLOTS_PER_EPOCH: decimal }) });
const validatorsResponse = z.object({
  data: z.array(
    z.object({
      index: decimal,
      balance: decimal,
      status: z.string().min(1),
      validator: z.object({
        pubkey,
        withdrawal_credentials: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
        effective_balance: decimal,
        withdrawable_epoch: decimal,
      }),
    }),
  ),
});
const pendingDepositsResponse = z.object({ data: z.array(z.object({ pubkey, amount: decimal })) });
const blockResponse = z.object({
  data: z.object({
    message: z.object({
      slot: decimal,
      parent_root: root,
      body: z.object({
        execution_payload: z.object({
          withdrawals: z.array(z.object({ index: decimal, validator_index: decimal, amount: decimal })),
        }),
      }),
    }),
  }),
});

/** The consensus specs' FAR_FUTURE_EPOCH: a validator that has not exited has this withdrawable epoch. */
const FAR_FUTURE_EPOCH = 2n ** 64n - 1n;
const PUBKEYS_PER_REQUEST = 64;

export interface BeaconHead {
  readonly slot: bigint;
  readonly root: string;
  readonly parentRoot: string;
}

export interface BeaconValidator {
  /** Hex without 0x, lowercase, as the validators table keeps it. */
  readonly pubkey: string;
  readonly index: number;
  readonly status: string;
  /**
   * Hex without 0x, lowercase: the credentials the consensus layer holds now, which an EIP-7251 switch to
   * compounding changes from 0x01 to 0x02 after the deposit.
   */
  readonly withdrawalCredentials: string;
  readonly balanceGwei: bigint;
  readonly effectiveBalanceGwei: bigint;
  /** null while the validator has not exited. */
  readonly withdrawableEpoch: bigint | null;
}

export interface BeaconWithdrawal {
  readonly index: bigint;
  readonly validatorIndex: number;
  readonly amountGwei: bigint;
}

export interface BeaconBlockWithdrawals {
  readonly slot: bigint;
  readonly parentRoot: string;
  readonly withdrawals: readonly BeaconWithdrawal[];
}

/** A Beacon API answer the indexer cannot use: the node is down, slow, or answers out of spec. */
export class BeaconApiError extends Error {
  override readonly name = "BeaconApiError";
}

/** The indexer's reads of a Beacon API node (standard endpoints of ethereum/beacon-APIs). */
export class BeaconReads {
  private slotsPerEpochValue: bigint | undefined;

  constructor(
    private readonly url: string,
    private readonly timeoutMs = 10_000,
  ) {}

  /** The head block's slot and root (GET /eth/v1/beacon/headers/head). */
  async head(): Promise<BeaconHead> {
    const { data } = headerResponse.parse(await this.get("/eth/v1/beacon/headers/head", "the head block"));
    return { slot: BigInt(data.header.message.slot), root: data.root, parentRoot: data.header.message.parent_root };
  }

  async slotsPerEpoch(): Promise<bigint> {
    this.slotsPerEpochValue ??= BigInt(
      specResponse.parse(await this.get("/eth/v1/config/spec", "the chain's spec")).data.SLOTS_PER_EPOCH,
    );
    return this.slotsPerEpochValue;
  }

  /** The validators among `pubkeys` (hex without 0x) the state knows, 64 a request. */
  async validators(stateId: string, pubkeys: readonly string[]): Promise<BeaconValidator[]> {
    const found: BeaconValidator[] = [];
    for (let start = 0; start < pubkeys.length; start += PUBKEYS_PER_REQUEST) {
      const ids = pubkeys
        .slice(start, start + PUBKEYS_PER_REQUEST)
        .map((key) => `0x${key}`)
        .join(",");
      const { data } = validatorsResponse.parse(
        await this.get(`/eth/v1/beacon/states/${stateId}/validators?id=${ids}`, "the validators' state"),
      );
      for (const entry of data) {
        const withdrawable = BigInt(entry.validator.withdrawable_epoch);
        found.push({
          pubkey: entry.validator.pubkey.slice(2).toLowerCase(),
          index: Number(entry.index),
          status: entry.status,
          withdrawalCredentials: entry.validator.withdrawal_credentials.slice(2).toLowerCase(),
          balanceGwei: BigInt(entry.balance),
          effectiveBalanceGwei: BigInt(entry.validator.effective_balance),
          withdrawableEpoch: withdrawable === FAR_FUTURE_EPOCH ? null : withdrawable,
        });
      }
    }
    return found;
  }

  /** Gwei deposited but not yet credited to a balance in the state, by pubkey (hex without 0x). */
  async pendingDeposits(stateId: string): Promise<Map<string, bigint>> {
    const { data } = pendingDepositsResponse.parse(
      await this.get(`/eth/v1/beacon/states/${stateId}/pending_deposits`, "the pending deposits"),
    );
    const pending = new Map<string, bigint>();
    for (const entry of data) {
      const key = entry.pubkey.slice(2).toLowerCase();
      pending.set(key, (pending.get(key) ?? 0n) + BigInt(entry.amount));
    }
    return pending;
  }

  /** A block's slot, parent and withdrawals (GET /eth/v2/beacon/blocks/{block_id}); undefined when there is none. */
  async blockWithdrawals(blockId: string): Promise<BeaconBlockWithdrawals | undefined> {
    const body = await this.get(`/eth/v2/beacon/blocks/${blockId}`, `block ${blockId}`, true);
    if (body === undefined) return undefined;
    const { message } = blockResponse.parse(body).data;
    return {
      slot: BigInt(message.slot),
      parentRoot: message.parent_root,
      withdrawals: message.body.execution_payload.withdrawals.map((entry) => ({
        index: BigInt(entry.index),
        validatorIndex: Number(entry.validator_index),
        amountGwei: BigInt(entry.amount),
      })),
    };
  }

  /** Any standard endpoint's JSON answer; `what` names the read in errors. 404 gives undefined when asked. */
  read(path: string, what: string, notFoundIsEmpty = false): Promise<unknown> {
    return this.get(path, what, notFoundIsEmpty);
  }

  /** `what` names the read in errors ("the validators' state"). */
  private async get(path: string, what: string, notFoundIsEmpty = false): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.url}${path}`, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      if (error instanceof Error && error.name === "TimeoutError")
        throw new BeaconApiError(`the Beacon API node did not answer ${what} within ${this.timeoutMs} ms`);
      throw new BeaconApiError(`the Beacon API node did not answer ${what}: ${(error as Error).message}`);
    }
    if (notFoundIsEmpty && response.status === 404) return undefined;
    if (!response.ok) throw new BeaconApiError(`the Beacon API answered ${response.status} for ${what}`);
    return response.json();
  }
}
