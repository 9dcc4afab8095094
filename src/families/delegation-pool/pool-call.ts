import type { Address, Hex } from "viem";

/** What a pool builder returns: the call to send to the pool contract, ready for the shared send path. */
export interface PoolCall {
  readonly to: Address;
  readonly data: Hex;
  /** Wei sent with the call (only staking sends value). */
  readonly value: bigint;
}

/** The pool contract's ABI, to decode its errors (NotEnoughLockedVotes, ...) when a simulation reverts. */
export { delegationPoolAbi as poolAbi } from "../../../contracts/generated/index.ts";
