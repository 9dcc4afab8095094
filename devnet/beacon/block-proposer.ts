import {
  type Address,
  type Hex,
  type PublicClient,
  parseEther,
  parseGwei,
  type TestClient,
  type WalletClient,
} from "viem";
import type { BeaconNode } from "./beacon-node.ts";
import { validatorStatus } from "./beacon-state.ts";

/** A block an active devnet validator proposed: the beacon slot and the execution block anvil produced for it. */
export interface Proposal {
  readonly slot: bigint;
  readonly proposerIndex: number;
  readonly feeRecipient: Address;
  readonly block: {
    readonly number: bigint;
    readonly hash: Hex;
    readonly parentHash: Hex;
    readonly timestamp: bigint;
    readonly gasUsed: bigint;
    readonly gasLimit: bigint;
    readonly baseFeePerGas: bigint;
    readonly stateRoot: Hex;
    readonly receiptsRoot: Hex;
    readonly transactions: readonly Hex[];
  };
}

/** The account that pays the stand-in's priority fees and MEV-style transfers (impersonated on anvil). */
export const DEVNET_BLOCK_BUILDER: Address = "0x00000000000000000000000000000000000b10c5";
/**
 * Priority fee per gas of the stand-in's transactions: an ordinary tip, so wallets' fee estimates (fee history)
 * stay what they would be without proposals.
 */
export const PROPOSAL_TIP_PER_GAS = parseGwei("2");
/** The MEV-style payment: a plain transfer to the fee recipient in the proposed block. */
export const PROPOSAL_MEV_PAYMENT = parseEther("0.01");

type ProposerClient = TestClient<"anvil"> & PublicClient & Pick<WalletClient, "sendTransaction">;

/**
 * Simulates block proposals by the devnet's active validators: once an epoch, the next active validator in
 * index order proposes; anvil produces that block with the validator's fee recipient (from its validator
 * client) as coinbase, holding a transaction that pays a priority tip and a plain ETH transfer to the fee
 * recipient (an MEV payment), plus whatever users sent meanwhile. A jump of the clock proposes once, at the
 * new head: the skipped slots were proposed by the rest of the network.
 */
export class BlockProposer {
  private lastEpoch = -1n;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly client: ProposerClient,
    private readonly node: BeaconNode,
    /** The fee recipient a validator client set for this validator (lowercase pubkey), if it runs it. */
    private readonly feeRecipientOf: (pubkey: string) => string | undefined,
  ) {}

  /** Proposes a block if no validator of the devnet proposed in the head epoch yet; calls are serialised. */
  proposeIfDue(options: { readonly whileHeld?: boolean } = {}): Promise<void> {
    this.running = this.running.then(() => this.propose(options.whileHeld ?? false)).catch(() => {});
    return this.running;
  }

  /** Resolves when the proposal under way (if any) is done. */
  settled(): Promise<void> {
    return this.running;
  }

  /**
   * With automine off someone holds transactions back (a test): the ticker then waits, unless whileHeld (an
   * explicit request), when the held transactions go into the proposed block and automine stays off.
   */
  private async propose(whileHeld: boolean): Promise<void> {
    const { state, epoch } = await this.node.stateAt("head");
    if (epoch <= this.lastEpoch) return;
    const active = state.validators.filter(
      (validator) =>
        validatorStatus(validator, epoch).startsWith("active") &&
        this.feeRecipientOf(validator.pubkey.toLowerCase()) !== undefined,
    );
    const proposer = active[Number(epoch % BigInt(Math.max(active.length, 1)))];
    const automine = await this.client.getAutomine();
    if (!proposer || (!automine && !whileHeld)) return;
    this.lastEpoch = epoch;
    const feeRecipient = this.feeRecipientOf(proposer.pubkey.toLowerCase()) as Address;
    const previous = await this.client.getBlock();
    await this.client.impersonateAccount({ address: DEVNET_BLOCK_BUILDER });
    await this.client.setBalance({ address: DEVNET_BLOCK_BUILDER, value: parseEther("1000000") });
    await this.client.setAutomine(false);
    try {
      await this.client.setCoinbase({ address: feeRecipient });
      const fees = { maxPriorityFeePerGas: PROPOSAL_TIP_PER_GAS, maxFeePerGas: PROPOSAL_TIP_PER_GAS * 2n };
      const baseFee = previous.baseFeePerGas ?? 0n;
      fees.maxFeePerGas += baseFee * 2n;
      await this.client.sendTransaction({
        account: DEVNET_BLOCK_BUILDER,
        chain: null,
        to: DEVNET_BLOCK_BUILDER,
        value: 0n,
        gas: 21_000n,
        ...fees,
      });
      await this.client.sendTransaction({
        account: DEVNET_BLOCK_BUILDER,
        chain: null,
        to: feeRecipient,
        value: PROPOSAL_MEV_PAYMENT,
        gas: 100_000n,
        ...fees,
      });
      await this.client.mine({ blocks: 1 });
    } finally {
      await this.client.setCoinbase({ address: previous.miner });
      await this.client.setAutomine(automine);
    }
    const block = await this.client.getBlock();
    const slot = this.node.watcher.slotAt(block.timestamp);
    if (this.node.proposals.has(slot)) return;
    this.node.proposals.set(slot, {
      slot,
      proposerIndex: proposer.index,
      feeRecipient,
      block: {
        number: block.number,
        hash: block.hash,
        parentHash: block.parentHash,
        timestamp: block.timestamp,
        gasUsed: block.gasUsed,
        gasLimit: block.gasLimit,
        baseFeePerGas: block.baseFeePerGas ?? 0n,
        stateRoot: block.stateRoot,
        receiptsRoot: block.receiptsRoot,
        transactions: block.transactions as Hex[],
      },
    });
  }
}
