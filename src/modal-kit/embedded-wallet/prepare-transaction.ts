import type { EIP1193RequestFn, Hex } from "viem";
import { KitError } from "../errors/kit-error.ts";

/** eth_sendTransaction's parameter as a dapp sends it. */
export interface TransactionRequest {
  readonly from?: Hex;
  readonly to?: Hex;
  readonly data?: Hex;
  readonly value?: Hex;
  readonly gas?: Hex;
  readonly nonce?: Hex;
  readonly maxFeePerGas?: Hex;
  readonly maxPriorityFeePerGas?: Hex;
}

const hex = (value: bigint) => `0x${value.toString(16)}` as Hex;

/**
 * Fills what the frame needs to sign an EIP-1559 transaction, read through the host's RPC endpoint: the
 * pending nonce, the gas estimate and fees (twice the latest base fee plus the suggested tip), and whether the
 * recipient has code. The frame shows
 * all of it for approval, so a host that lies about them is seen before the user signs.
 */
export async function prepareTransaction(
  request: EIP1193RequestFn,
  chainId: number,
  from: Hex,
  tx: TransactionRequest,
) {
  const call = { from, to: tx.to, data: tx.data, value: tx.value };
  const [nonce, gas, block, tip, code] = await Promise.all([
    tx.nonce ?? (request({ method: "eth_getTransactionCount", params: [from, "pending"] }) as Promise<Hex>),
    tx.gas ??
      (request({ method: "eth_estimateGas", params: [call] } as never) as Promise<Hex>).catch((cause: unknown) => {
        // Spec section 8: the transaction would fail (or cannot be run), so nothing is shown for signing.
        throw new KitError("error estimating gas", "modalKit.errors.estimateGas", { cause });
      }),
    request({ method: "eth_getBlockByNumber", params: ["latest", false] }) as Promise<{ baseFeePerGas?: Hex }>,
    tx.maxPriorityFeePerGas ?? (request({ method: "eth_maxPriorityFeePerGas" }) as Promise<Hex>),
    tx.to ? (request({ method: "eth_getCode", params: [tx.to, "latest"] }) as Promise<Hex>) : "0x",
  ]);
  const maxFee = tx.maxFeePerGas ?? hex(BigInt(block.baseFeePerGas ?? "0x0") * 2n + BigInt(tip));
  return {
    ...(tx.to ? { to: tx.to } : {}),
    ...(tx.data ? { data: tx.data } : {}),
    value: tx.value ?? "0x0",
    nonce,
    gas,
    maxFeePerGas: maxFee,
    maxPriorityFeePerGas: tip,
    chainId: hex(BigInt(chainId)),
    // Only a label in the frame's approval ("contract" beside the recipient); nothing signed depends on it.
    toIsContract: code !== "0x" && code !== "0x0",
  };
}
