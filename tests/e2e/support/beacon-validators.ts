import { type Address, type Hex, hexToBigInt, parseEther, slice } from "viem";
import { ethStakingAbi } from "../../../contracts/generated/index.ts";
import { ethStakingAddress, withdrawalRequestsAddress } from "../../../devnet/addresses.ts";
import type { DepositDataEntry } from "../../../src/lib/deposit/index.ts";
import type { LocalStack } from "./local-stack.ts";

/**
 * Validators made the way a user makes them, without the stake screen: deposit data from the real staking
 * server (POST /deposit-data), staked through the devnet's EthStaking contract, followed by the beacon
 * stand-in and the server's indexer.
 */

const hex = (value: string) => `0x${value}` as Hex;

/** Deposit data from the stack's staking server for `owner` on the Ethereum devnet. */
export async function fetchDepositData(
  stack: LocalStack,
  owner: Address,
  body: Record<string, unknown>,
): Promise<DepositDataEntry[]> {
  const response = await fetch(`${stack.apiUrl}/deposit-data`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ owner, network: "ethereum", environment: "devnet", ...body }),
  });
  if (!response.ok) throw new Error(`POST /deposit-data answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { depositData: DepositDataEntry[] }).depositData;
}

/**
 * Stakes one 0x01 validator (32 ETH) and one 0x02 validator (`compoundingEth`) from `owner` through the
 * EthStaking contract, paying its service fee; returns their public keys.
 */
export async function stakeValidators(
  stack: LocalStack,
  owner: Address,
  compoundingEth: string,
): Promise<{ readonly nonCompounding: Hex; readonly compounding: Hex }> {
  const chain = stack.devnet.ethereum.client;
  const fee = await chain.readContract({
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "feePerValidator",
  });
  const key = `e2e-${owner.slice(2, 10)}`;
  const [single] = await fetchDepositData(stack, owner, {
    credentialType: "0x01",
    validatorCount: 1,
    idempotencyKey: `${key}-0x01`,
  });
  const [compound] = await fetchDepositData(stack, owner, {
    credentialType: "0x02",
    amount: compoundingEth,
    idempotencyKey: `${key}-0x02`,
  });
  if (!single || !compound) throw new Error("the server returned no deposit data");
  const hashes = [
    await chain.writeContract({
      account: owner,
      address: ethStakingAddress,
      abi: ethStakingAbi,
      functionName: "stake",
      args: [
        [hex(single.pubkey)],
        hex(single.withdrawal_credentials),
        [hex(single.signature)],
        [hex(single.deposit_data_root)],
      ],
      value: parseEther("32") + fee,
    }),
    await chain.writeContract({
      account: owner,
      address: ethStakingAddress,
      abi: ethStakingAbi,
      functionName: "stakeCompounding",
      args: [
        hex(compound.pubkey),
        hex(compound.withdrawal_credentials),
        hex(compound.signature),
        hex(compound.deposit_data_root),
        parseEther(compoundingEth),
      ],
      value: parseEther(compoundingEth) + fee,
    }),
  ];
  for (const hash of hashes) {
    const receipt = await chain.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`staking transaction ${hash} reverted`);
  }
  return { nonCompounding: hex(single.pubkey), compounding: hex(compound.pubkey) };
}

/** What the server lists for `owner` (GET /validators) after the indexer's next pass. */
export async function indexedValidators(
  stack: LocalStack,
  owner: Address,
): Promise<{ pubkey: string; status: string; balanceWei: string }[]> {
  await stack.indexNow();
  const response = await fetch(`${stack.apiUrl}/validators?owner=${owner}&network=ethereum&environment=devnet`);
  return ((await response.json()) as { validators: { pubkey: string; status: string; balanceWei: string }[] })
    .validators;
}

/** Moves the Ethereum devnet's clock (and so the beacon stand-in's, which follows it) forward and mines a block. */
export async function advanceEthereumClock(stack: LocalStack, seconds: number): Promise<void> {
  const chain = stack.devnet.ethereum.client;
  await chain.increaseTime({ seconds });
  await chain.mine({ blocks: 1 });
}

/** Every EIP-7002 request the request contract logged (LOG0 data: source ‖ pubkey ‖ amount in gwei, big-endian). */
export async function withdrawalRequests(
  stack: LocalStack,
): Promise<{ source: Hex; pubkey: Hex; amountGwei: bigint }[]> {
  const logs = await stack.devnet.ethereum.client.getLogs({ address: withdrawalRequestsAddress, fromBlock: 0n });
  return logs.map((log) => ({
    source: slice(log.data, 0, 20),
    pubkey: slice(log.data, 20, 68),
    amountGwei: hexToBigInt(slice(log.data, 68, 76)),
  }));
}
