import { z } from "zod";

const decimal = z.string().regex(/^\d+$/);
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

const specResponse = z.object({ data: z.object({ SECONDS_PER_SLOT: decimal, SLOTS_PER_EPOCH: decimal }) });
const genesisResponse = z.object({ data: z.object({ genesis_time: decimal }) });
const finalityResponse = z.object({ data: z.object({ finalized: z.object({ epoch: decimal }) }) });
const blockResponse = z.object({
  data: z.object({
    message: z.object({
      slot: decimal,
      proposer_index: decimal,
      body: z.object({
        execution_payload: z.object({
          block_hash: hash,
          block_number: decimal,
          fee_recipient: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
        }),
      }),
    }),
  }),
});

/** The proposer and execution payload of a beacon block (GET /eth/v2/beacon/blocks/{block_id}). */
export interface BeaconBlock {
  readonly slot: bigint;
  readonly proposerIndex: number;
  readonly blockHash: string;
  readonly blockNumber: bigint;
  readonly feeRecipient: string;
}

/** A Beacon API answer the distributor cannot use: the node is down, slow, or answers out of spec. */
export class BeaconReadError extends Error {
  override readonly name = "BeaconReadError";
}

/** The Beacon API reads of the rewards distributor (standard endpoints of ethereum/beacon-APIs). */
export class BeaconBlocks {
  private timing: { genesisTime: bigint; secondsPerSlot: bigint; slotsPerEpoch: bigint } | undefined;

  constructor(
    private readonly url: string,
    private readonly timeoutMs = 10_000,
  ) {}

  /** The slot an execution block of this timestamp belongs to. */
  async slotAt(timestamp: bigint): Promise<bigint> {
    const { genesisTime, secondsPerSlot } = await this.clock();
    return timestamp <= genesisTime ? 0n : (timestamp - genesisTime) / secondsPerSlot;
  }

  /** Start time (seconds) of the first slot after the finalized checkpoint: execution blocks before it are final. */
  async finalizedUntil(): Promise<bigint> {
    const { genesisTime, secondsPerSlot, slotsPerEpoch } = await this.clock();
    const finality = finalityResponse.parse(await this.get("/eth/v1/beacon/states/head/finality_checkpoints"));
    return genesisTime + BigInt(finality.data.finalized.epoch) * slotsPerEpoch * secondsPerSlot;
  }

  /** The block at a slot, or undefined when the slot has none. */
  async blockAt(slot: bigint): Promise<BeaconBlock | undefined> {
    const body = await this.get(`/eth/v2/beacon/blocks/${slot}`, true);
    if (body === undefined) return undefined;
    const { message } = blockResponse.parse(body).data;
    const payload = message.body.execution_payload;
    return {
      slot: BigInt(message.slot),
      proposerIndex: Number(message.proposer_index),
      blockHash: payload.block_hash.toLowerCase(),
      blockNumber: BigInt(payload.block_number),
      feeRecipient: payload.fee_recipient.toLowerCase(),
    };
  }

  private async clock() {
    if (!this.timing) {
      const spec = specResponse.parse(await this.get("/eth/v1/config/spec")).data;
      const genesis = genesisResponse.parse(await this.get("/eth/v1/beacon/genesis")).data;
      this.timing = {
        genesisTime: BigInt(genesis.genesis_time),
        secondsPerSlot: BigInt(spec.SECONDS_PER_SLOT),
        slotsPerEpoch: BigInt(spec.SLOTS_PER_EPOCH),
      };
    }
    return this.timing;
  }

  private async get(path: string, notFoundIsEmpty = false): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.url}${path}`, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new BeaconReadError(`the Beacon API did not answer ${path}: ${(error as Error).message}`);
    }
    if (notFoundIsEmpty && response.status === 404) return undefined;
    if (!response.ok) throw new BeaconReadError(`the Beacon API answered ${response.status} to ${path}`);
    return response.json();
  }
}
