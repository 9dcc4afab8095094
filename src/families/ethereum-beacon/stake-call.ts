/** The batch staking contract's ABI: stake builders call it, and its errors (WrongValue, ...) decode with it. */
export { ethStakingAbi } from "../../../contracts/generated/index.ts";

/**
 * The pending-transaction kind of a stake (src/lib/transactions): the stake screen resumes it after a reload,
 * and the operation screen names it ("Stake") while the backend does not list it yet.
 */
export const STAKE_TRANSACTION_KIND = "stake";
