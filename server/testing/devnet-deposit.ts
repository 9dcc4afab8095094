import { type Address, type Hex, hexToBytes } from "viem";
import { depositContractAbi } from "../../contracts/generated/index.ts";
import { depositContractAddress } from "../../devnet/addresses.ts";
import type { DevnetClient } from "../../devnet/devnet-client.ts";
import { networks } from "../../src/generated/index.ts";
import { createDepositData, withdrawalCredentials } from "../../src/lib/deposit/index.ts";

const devnetForkVersion = networks.ethereum.environments.find((environment) => environment.id === "devnet")
  ?.genesisForkVersion as Hex;

/**
 * Sends a real 32 ETH deposit (BLS-signed, 0x01 credentials to `owner`) of test validator `i` straight to the
 * devnet's deposit contract, from `owner`; then mines `emptyBlocks` more. Returns the transaction's hash.
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
  const hash = await client.writeContract({
    account: owner,
    address: depositContractAddress,
    abi: depositContractAbi,
    functionName: "deposit",
    args: [hex(entry.pubkey), hex(entry.withdrawal_credentials), hex(entry.signature), hex(entry.deposit_data_root)],
    value: 32n * 10n ** 18n,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`deposit ${i} reverted (${hash})`);
  if (emptyBlocks > 0) await client.mine({ blocks: emptyBlocks });
  return hash;
}
