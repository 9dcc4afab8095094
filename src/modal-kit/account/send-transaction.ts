import { type Address, encodeFunctionData, erc20Abi } from "viem";
import type { Config } from "wagmi";
import { estimateFeesPerGas, estimateGas, sendTransaction, waitForTransactionReceipt } from "wagmi/actions";
import { isTransactionHash } from "../validation/formats.ts";
import type { SendOrder } from "./send-form.ts";

/** A send that was simulated: the fee it will cost at most, in the chain's native coin's base units. */
export interface SimulatedSend {
  readonly order: SendOrder;
  readonly gas: bigint;
  readonly fee: bigint;
}

/** The transaction a send order makes: a plain transfer for the native coin, ERC-20 transfer() otherwise. */
function transactionOf(order: SendOrder): { to: Address; value: bigint; data?: `0x${string}` } {
  if (!order.tokenAddress) return { to: order.to, value: order.value };
  return {
    to: order.tokenAddress,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [order.to, order.value] }),
  };
}

/**
 * Simulates the send on the chain (eth_estimateGas runs the call, so a transfer that would revert fails here,
 * before the wallet is asked) and prices it at the chain's current max fee per gas.
 */
export async function simulateSend(
  config: Config,
  account: Address,
  chainId: number,
  order: SendOrder,
): Promise<SimulatedSend> {
  const transaction = transactionOf(order);
  const [gas, fees] = await Promise.all([
    estimateGas(config, { account, chainId, ...transaction }),
    estimateFeesPerGas(config, { chainId }),
  ]);
  return { order, gas, fee: gas * (fees.maxFeePerGas ?? fees.gasPrice ?? 0n) };
}

/** Asks the wallet to sign and send the simulated transaction and waits until it is mined; throws if it reverted. */
export async function sendSimulated(
  config: Config,
  account: Address,
  chainId: number,
  simulated: SimulatedSend,
): Promise<`0x${string}`> {
  const hash = await sendTransaction(config, {
    account,
    chainId,
    gas: simulated.gas,
    ...transactionOf(simulated.order),
  });
  // Spec section 5: a transaction hash is 0x and 64 hex digits; anything else is not a sent transaction.
  if (!isTransactionHash(hash)) {
    throw new Error(`The wallet answered ${String(hash).slice(0, 16)}… instead of a transaction hash`);
  }
  const receipt = await waitForTransactionReceipt(config, { hash, chainId });
  if (receipt.status !== "success") throw new Error(`Transaction ${hash} reverted`);
  return hash;
}
