import { type Address, type Hex, hexToBytes } from "viem";
import { ethStakingAbi } from "../../contracts/generated/index.ts";
import { ethStakingAddress } from "../../devnet/addresses.ts";
import type { DevnetClient } from "../../devnet/devnet-client.ts";
import { createDepositData, withdrawalCredentials } from "../../src/core/deposit/index.ts";
import { networks } from "../../src/generated/index.ts";

const devnetForkVersion = networks.ethereum.environments.find((environment) => environment.id === "devnet")
  ?.genesisForkVersion as Hex;

/**
 * Stakes a real 32 ETH deposit (BLS-signed, 0x01 credentials to `owner`) of test validator `i` through the
 * devnet's batch staking contract (the provider's path: its ValidatorDeposited event attributes the validator),
 * from `owner`, with the service fee; then mines `emptyBlocks` more. Returns the transaction's hash.
 */
export async function sendDevnetDeposit(
  client: DevnetClient,
  owner: Address,
  i: number,
  emptyBlocks: number,
): Promise<Hex> {
  const entry = createDepositData({
    secretKey: hexToBytes(`0x${(1000 + i).toString(16).padStart(64, "0")}`),
    withdrawalCredentials: withdrawalCredentials("0x01", owner),
    amountGwei: 32_000_000_000n,
    forkVersion: hexToBytes(devnetForkVersion),
    networkName: "devnet",
  });
  const hex = (value: string) => `0x${value}` as Hex;
  const fee = await client.readContract({
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "feePerValidator",
  });
  const hash = await client.writeContract({
    account: owner,
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "stake",
    args: [
      [hex(entry.pubkey)],
      hex(entry.withdrawal_credentials),
      [hex(entry.signature)],
      [hex(entry.deposit_data_root)],
    ],
    value: 32n * 10n ** 18n + fee,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`deposit ${i} reverted (${hash})`);
  if (emptyBlocks > 0) await client.mine({ blocks: emptyBlocks });
  return hash;
}
