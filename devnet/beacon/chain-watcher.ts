import { type Address, bytesToBigInt, type Hex, hexToBytes, type PublicClient, parseEventLogs, slice } from "viem";
import { depositContractAbi } from "../../contracts/generated/index.ts";
import type { BeaconParams } from "./beacon-params.ts";
import type { ChainEvent } from "./beacon-state.ts";

function littleEndianToBigInt(hex: Hex): bigint {
  return bytesToBigInt(hexToBytes(hex).reverse());
}

/**
 * Follows the execution chain: DepositEvent logs of the deposit contract, the EIP-7002 contract's request
 * logs (source address ++ pubkey ++ big-endian gwei amount) and the EIP-7251 contract's (source address ++
 * source pubkey ++ target pubkey), each placed at the slot of its block's timestamp.
 * Genesis is the chain's block 0. sync() reads everything new up to the latest block; calls are serialised.
 */
export class ChainWatcher {
  readonly events: ChainEvent[] = [];
  genesisTime = 0n;
  private latestTimestamp = 0n;
  private nextBlock = 0n;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly client: PublicClient,
    private readonly params: BeaconParams,
  ) {}

  async start(): Promise<void> {
    const genesis = await this.client.getBlock({ blockNumber: 0n });
    this.genesisTime = genesis.timestamp;
    await this.sync();
  }

  /** Seconds since the epoch: the wall clock, or the chain's time when anvil's clock was moved ahead. */
  now(): bigint {
    const wall = BigInt(Math.floor(Date.now() / 1000));
    return wall > this.latestTimestamp ? wall : this.latestTimestamp;
  }

  slotAt(timestamp: bigint): bigint {
    return timestamp <= this.genesisTime ? 0n : (timestamp - this.genesisTime) / BigInt(this.params.secondsPerSlot);
  }

  sync(): Promise<void> {
    this.running = this.running.then(() => this.readNewLogs());
    return this.running;
  }

  private async readNewLogs(): Promise<void> {
    const latest = await this.client.getBlock();
    this.latestTimestamp = latest.timestamp;
    if (latest.number < this.nextBlock) return;
    const logs = await this.client.getLogs({
      address: [
        this.params.depositContract,
        this.params.withdrawalRequestContract,
        this.params.consolidationRequestContract,
      ],
      fromBlock: this.nextBlock,
      toBlock: latest.number,
    });
    const timestamps = new Map<bigint, bigint>();
    const slotOf = async (blockNumber: bigint) => {
      let timestamp = timestamps.get(blockNumber);
      if (timestamp === undefined) {
        timestamp = (await this.client.getBlock({ blockNumber })).timestamp;
        timestamps.set(blockNumber, timestamp);
      }
      return this.slotAt(timestamp);
    };
    const deposits = new Map(
      parseEventLogs({ abi: depositContractAbi, logs, eventName: "DepositEvent" }).map((d) => [
        `${d.blockNumber}:${d.logIndex}`,
        d,
      ]),
    );
    for (const log of logs) {
      if (log.blockNumber === null) continue;
      const slot = await slotOf(log.blockNumber);
      const deposit = deposits.get(`${log.blockNumber}:${log.logIndex}`);
      if (deposit) {
        this.events.push({
          kind: "deposit",
          slot,
          pubkey: deposit.args.pubkey,
          withdrawalCredentials: deposit.args.withdrawal_credentials,
          amount: littleEndianToBigInt(deposit.args.amount),
        });
      } else if (
        log.address.toLowerCase() === this.params.withdrawalRequestContract.toLowerCase() &&
        log.topics.length === 0 &&
        hexToBytes(log.data).length === 76
      ) {
        this.events.push({
          kind: "withdrawalRequest",
          slot,
          source: slice(log.data, 0, 20) as Address,
          pubkey: slice(log.data, 20, 68),
          amount: BigInt(slice(log.data, 68, 76)),
        });
      } else if (
        log.address.toLowerCase() === this.params.consolidationRequestContract.toLowerCase() &&
        log.topics.length === 0 &&
        hexToBytes(log.data).length === 116
      ) {
        this.events.push({
          kind: "consolidationRequest",
          slot,
          source: slice(log.data, 0, 20) as Address,
          sourcePubkey: slice(log.data, 20, 68),
          targetPubkey: slice(log.data, 68, 116),
        });
      }
    }
    this.nextBlock = latest.number + 1n;
  }
}
