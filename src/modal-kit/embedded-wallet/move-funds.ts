import { type EIP1193RequestFn, getAddress, type Hex } from "viem";
import type { FrameMessenger } from "./frame-messenger.ts";

const hex = (value: bigint) => `0x${value.toString(16)}` as Hex;

/**
 * "Move my funds to a new wallet", chosen in the frame at a re-split: reads the wallet's balance, pending nonce
 * and fees on `chainId` through the host's RPC endpoint (twice the latest base fee plus the suggested tip, as
 * for any transaction), asks the frame to make the new wallet and sign the transfer (the user approves it there,
 * seeing both addresses, the amount and the fee), broadcasts the signed transfer and resolves with the new
 * wallet's address. A decline rejects with the frame's 4001 error; the account then stays as it was.
 */
export async function moveToNewWallet(
  messenger: FrameMessenger,
  read: EIP1193RequestFn,
  chainId: number,
  from: Hex,
): Promise<`0x${string}`> {
  const [balance, nonce, block, tip] = await Promise.all([
    read({ method: "eth_getBalance", params: [from, "latest"] }) as Promise<Hex>,
    read({ method: "eth_getTransactionCount", params: [from, "pending"] }) as Promise<Hex>,
    read({ method: "eth_getBlockByNumber", params: ["latest", false] }) as Promise<{ baseFeePerGas?: Hex }>,
    read({ method: "eth_maxPriorityFeePerGas" }) as Promise<Hex>,
  ]);
  const maxFeePerGas = hex(BigInt(block.baseFeePerGas ?? "0x0") * 2n + BigInt(tip));
  const moved = await messenger.request<{ address: `0x${string}`; signedTransaction?: Hex }>("MOVE_FUNDS", {
    chainId: hex(BigInt(chainId)),
    balance,
    nonce,
    maxFeePerGas,
    maxPriorityFeePerGas: tip,
  });
  // The account has moved by now (the frame stored the new wallet's shares): a failed broadcast leaves the funds
  // at the old address, which the old device share and the old recovery share still open.
  if (moved.signedTransaction)
    await read({ method: "eth_sendRawTransaction", params: [moved.signedTransaction] }).catch((error: unknown) =>
      console.error("The transfer to the new wallet was not sent", error),
    );
  return getAddress(moved.address);
}
