import { type Address, concat, type Hex, hexToBigInt, numberToHex, parseEther, slice } from "viem";
import {
  consolidationRequestsAddress,
  ethStakingAddress,
  withdrawalRequestsAddress,
} from "../../../devnet/addresses.ts";
import type { DevnetClient } from "../../../devnet/devnet-client.ts";
import { callData } from "../../../src/core/contract-call.ts";
import type { DepositDataEntry } from "../../../src/core/deposit/index.ts";
import { buildStake } from "../../../src/families/ethereum-beacon/build-stake.ts";
import { buildStakeCompounding } from "../../../src/families/ethereum-beacon/build-stake-compounding.ts";
import { readFeePerValidator } from "../../../src/families/ethereum-beacon/read-fee-per-validator.ts";
import { readWithdrawalRequestFee } from "../../../src/families/ethereum-beacon/read-withdrawal-request-fee.ts";
import { networks } from "../../../src/generated/index.ts";
import type { LocalStack } from "./local-stack.ts";

/**
 * Validators made the way a user makes them, without the stake screen: deposit data from the real staking
 * server (POST /deposit-data), staked through the devnet's EthStaking contract, followed by the beacon
 * stand-in and the server's indexer.
 */

const hex = (value: string) => `0x${value}` as Hex;

/** Where a stake goes: a staking server and the Ethereum devnet it indexes (a LocalStack, or `npm start`'s). */
export interface StakingTarget {
  readonly apiUrl: string;
  readonly devnet: { readonly ethereum: { readonly client: DevnetClient } };
}

/** Deposit data from the stack's staking server for `owner` on the Ethereum devnet. */
export async function fetchDepositData(
  stack: StakingTarget,
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

/** What to stake: `validatorCount` 0x01 validators of 32 ETH, or one 0x02 validator of `amount` ETH. */
export type StakeRequest =
  | { readonly credentialType: "0x01"; readonly validatorCount: number }
  | { readonly credentialType: "0x02"; readonly amount: string };

/**
 * Stakes from `owner` the way the stake screen does, without the screen: deposit data from the real server,
 * the call built by the app's own builders (buildStake / buildStakeCompounding, with the contract's current
 * service fee and config's amounts), sent from the owner's dev account. Resolves once it is mined.
 */
export async function stakeThroughContract(
  stack: StakingTarget,
  owner: Address,
  request: StakeRequest,
  idempotencyKey: string,
): Promise<{ readonly hash: Hex; readonly deposits: readonly DepositDataEntry[] }> {
  const chain = stack.devnet.ethereum.client;
  const deposits = await fetchDepositData(stack, owner, { ...request, idempotencyKey });
  const feePerValidatorWei = await readFeePerValidator(chain, ethStakingAddress);
  const [first] = deposits;
  if (!first) throw new Error("the server returned no deposit data");
  const { staking } = networks.ethereum;
  const call =
    request.credentialType === "0x01"
      ? buildStake({
          contract: ethStakingAddress,
          deposits,
          perValidatorWei: parseEther(staking.perValidator ?? ""),
          feePerValidatorWei,
        })
      : buildStakeCompounding({
          contract: ethStakingAddress,
          deposit: first,
          minimumWei: parseEther(staking.minimum ?? ""),
          maximumWei: parseEther(staking.maximum ?? ""),
          feePerValidatorWei,
        });
  const hash = await chain.sendTransaction({
    account: owner,
    chain: null,
    to: call.to,
    data: callData(call),
    value: call.value,
  });
  const receipt = await chain.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`staking transaction ${hash} reverted`);
  return { hash, deposits };
}

/** Stakes one 0x01 validator (32 ETH) and one 0x02 validator (`compoundingEth`) from `owner`; returns their public keys. */
export async function stakeValidators(
  stack: LocalStack,
  owner: Address,
  compoundingEth: string,
): Promise<{ readonly nonCompounding: Hex; readonly compounding: Hex }> {
  const key = `e2e-${owner.slice(2, 10)}`;
  const single = await stakeThroughContract(stack, owner, { credentialType: "0x01", validatorCount: 1 }, `${key}-0x01`);
  const compound = await stakeThroughContract(
    stack,
    owner,
    { credentialType: "0x02", amount: compoundingEth },
    `${key}-0x02`,
  );
  return {
    nonCompounding: hex(single.deposits[0]?.pubkey ?? ""),
    compounding: hex(compound.deposits[0]?.pubkey ?? ""),
  };
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

/** Every EIP-7251 request the request contract logged (LOG0 data: source ‖ source pubkey ‖ target pubkey), with its block. */
export async function consolidationRequests(
  stack: LocalStack,
): Promise<{ source: Hex; sourcePubkey: Hex; targetPubkey: Hex; blockNumber: bigint }[]> {
  const logs = await stack.devnet.ethereum.client.getLogs({ address: consolidationRequestsAddress, fromBlock: 0n });
  return logs.map((log) => ({
    source: slice(log.data, 0, 20),
    sourcePubkey: slice(log.data, 20, 68),
    targetPubkey: slice(log.data, 68, 116),
    blockNumber: log.blockNumber,
  }));
}

/**
 * Sends an EIP-7002 request from `owner` (the validator's withdrawal address) for `amountGwei` of its balance (0:
 * a full exit), paying the contract's current fee plus the app's buffer; resolves once mined.
 */
export async function requestWithdrawal(
  stack: LocalStack,
  owner: Address,
  pubkey: Hex,
  amountGwei: bigint,
): Promise<void> {
  const chain = stack.devnet.ethereum.client;
  const { bufferedFeeWei } = await readWithdrawalRequestFee(chain, withdrawalRequestsAddress);
  const hash = await chain.sendTransaction({
    account: owner,
    chain: null,
    to: withdrawalRequestsAddress,
    data: concat([pubkey, numberToHex(amountGwei, { size: 8 })]),
    value: bufferedFeeWei,
  });
  if ((await chain.waitForTransactionReceipt({ hash })).status !== "success")
    throw new Error(`withdrawal request ${hash} reverted`);
}
