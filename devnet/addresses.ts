import type { Address } from "viem";

/** Canonical addresses, the same as on Ethereum mainnet and Hoodi. */
export const depositContractAddress: Address = "0x00000000219ab540356cBB839Cbe05303d7705Fa";
export const withdrawalRequestsAddress: Address = "0x00000961Ef480Eb55e80D19ad83579A64c007002";
export const consolidationRequestsAddress: Address = "0x0000BBdDc7CE488642fb579F8B00f3a590007251";

/**
 * Accounts that deploy the provider's contracts on the devnet: the last 20 bytes of
 * keccak256("stake-app devnet deployer <ethereum|pool>"). Nobody holds their keys; the devnet impersonates
 * them (anvil_impersonateAccount) and sends ordinary contract-creation transactions from them, starting at
 * nonce 0, so every fresh devnet puts the contracts at the same addresses whatever their settings.
 */
export const ethereumDeployerAddress: Address = "0x461aF74d3296D9fe452dbA7843C9c71eB75323f0";
export const poolDeployerAddress: Address = "0x96b0A4f69BdDa0E091A99e36c2F86503739C898F";

/**
 * The provider's devnet contracts: the CREATE addresses of the deployers above at nonce 0 (EthStaking, and the
 * pool on the Conflux eSpace devnet) and nonce 1 (RewardsClaim). networks/ethereum.json and
 * networks/conflux.json list the same addresses (a test checks it).
 */
export const ethStakingAddress: Address = "0x3782678571748869698906D55a2893915C5Fc15c";
export const rewardsClaimAddress: Address = "0x108C1fA8E2c0510869a38b9163b8CAF3F163F1d1";
export const delegationPoolAddress: Address = "0x2eE63b37bd67709958A5840e2D1Ae0A4aA776503";

/**
 * The devnet SSV network: the SSV token at the last 20 bytes of keccak256("stake-app devnet SSVToken") (installed
 * with anvil_setCode like the other devnet tokens), and SSVNetwork and SSVNetworkViews at the CREATE addresses
 * of the keyless deployer keccak256("stake-app devnet deployer ssv") at nonces 0 and 1. networks/ethereum.json
 * lists the same addresses (a test checks it).
 */
export const ssvTokenAddress: Address = "0x236d025679913c13d30784F40f309ce446CAC9dC";
export const ssvDeployerAddress: Address = "0xB8591CCC5d437825dB58725Bb19ADA3F388881c0";
export const ssvNetworkAddress: Address = "0xbc27A86df319f94645BEbE0Dc1a03D0d11d12C48";
export const ssvNetworkViewsAddress: Address = "0xb5a6f2B9f46E0A4167184f21C3446C4Aae7d7d8B";
