import type { Address, Hex } from "viem";

/** What a stake builder returns: the call to the batch staking contract, ready for the shared send path. */
export interface StakeCall {
  readonly to: Address;
  readonly data: Hex;
  /** Wei sent with the call: the deposits plus the service fee, exactly (the contract refunds nothing). */
  readonly value: bigint;
}

/** The batch staking contract's ABI, to decode its errors (WrongValue, AmountOutOfRange, ...) when a simulation reverts. */
export { ethStakingAbi } from "../../../contracts/generated/index.ts";

/**
 * The pending-transaction kind of a stake (src/lib/transactions): the stake screen resumes it after a reload,
 * and the operation screen names it ("Stake") while the backend does not list it yet.
 */
export const STAKE_TRANSACTION_KIND = "stake";

/** Wei per gwei: deposit amounts are whole gwei. */
export const WEI_PER_GWEI = 1_000_000_000n;
