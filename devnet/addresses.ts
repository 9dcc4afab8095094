import type { Address } from "viem";

/** Canonical addresses, the same as on Ethereum mainnet and Hoodi. */
export const depositContractAddress: Address = "0x00000000219ab540356cBB839Cbe05303d7705Fa";
export const withdrawalRequestsAddress: Address = "0x00000961Ef480Eb55e80D19ad83579A64c007002";
export const consolidationRequestsAddress: Address = "0x0000BBdDc7CE488642fb579F8B00f3a590007251";

/**
 * The provider's devnet contracts, installed with anvil_setCode at fixed addresses: the last 20 bytes of
 * keccak256("stake-app devnet <ContractName>"). Fixed addresses make every fresh devnet identical, whatever
 * transactions ran before, and keep them clear of anvil's dev accounts and of precompiles.
 * networks/ethereum.json and networks/conflux.json list the same addresses (a test checks it).
 */
export const ethStakingAddress: Address = "0x82e59Cd61f4C5f668C0eC618591eaEE2aeAbBdd3";
export const rewardsClaimAddress: Address = "0x6ff4A14b4f529913D78a4BF9774250A873c2a9b3";
export const delegationPoolAddress: Address = "0x1404AB770E6A27D0D1D581883C5B035470bb12C0";
