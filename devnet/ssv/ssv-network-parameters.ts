import { parseUnits } from "viem";

/**
 * The devnet SSV network's DAO parameters, close to the SSV Network's on mainnet (SSV-paid clusters):
 * a network fee of about 3.25 SSV per validator per year (at 2,613,400 blocks a year), a liquidation
 * threshold of 100,240 blocks (about 14 days) and a minimum collateral of 0.385795451 SSV, the values of the
 * mainnet deployment configuration. Fees and collateral are multiples of 10^7 wei, as the contract requires.
 */
export const SSV_NETWORK_FEE = 1_243_580_000_000n;
export const SSV_LIQUIDATION_THRESHOLD_PERIOD = 100_240n;
export const SSV_MINIMUM_LIQUIDATION_COLLATERAL = 385_795_451_000_000_000n;
/** The highest operator fee accepted: 7,652,800,000,000 wei a block, about 20 SSV a year. */
export const SSV_MAXIMUM_OPERATOR_FEE = 7_652_800_000_000n;

/** SSV the devnet mints for each dev account. */
export const SSV_PER_DEV_ACCOUNT = parseUnits("1000", 18);
