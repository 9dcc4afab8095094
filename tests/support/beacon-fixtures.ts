import type { Address, Hex } from "viem";
import {
  consolidationRequestsAddress,
  depositContractAddress,
  withdrawalRequestsAddress,
} from "../../devnet/addresses.ts";
import { type BeaconParams, DEFAULT_BEACON_PARAMS } from "../../devnet/beacon/beacon-params.ts";

/** The devnet Beacon stand-in's parameters as `npm start` runs it: its fork version, chain and request contracts. */
export const devnetBeaconParams: BeaconParams = {
  ...DEFAULT_BEACON_PARAMS,
  genesisForkVersion: "0x10000038",
  depositChainId: 31337,
  depositContract: depositContractAddress,
  withdrawalRequestContract: withdrawalRequestsAddress,
  consolidationRequestContract: consolidationRequestsAddress,
};

/** Dev account 1, the owner (withdrawal address) of the validators these tests make. */
export const validatorOwner: Address = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

/** 1 ETH in gwei, the consensus layer's unit. */
export const ETH_IN_GWEI = 1_000_000_000n;

/** A distinct 48-byte public key per number. */
export const testPubkey = (n: number): Hex => `0x${n.toString(16).padStart(96, "0")}`;
