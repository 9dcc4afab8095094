import type { EIP1193RequestFn, Hex } from "viem";

/** One call of wallet_sendCalls (EIP-5792), checked by shape (modal-kit.md section 5). */
interface WalletCall {
  readonly to: Hex;
  readonly data?: Hex;
  readonly value?: Hex;
}

export class WalletCallsError extends Error {
  override name = "WalletCallsError";
  readonly code = -32602;
}

/**
 * The calls of a wallet_sendCalls request: each has a destination starting with 0x, optional data starting with
 * 0x and an optional value (a non-numeric value counts as zero).
 */
export function readWalletCalls(params: readonly unknown[]): WalletCall[] {
  const request = params[0] as { calls?: unknown } | undefined;
  if (!request || !Array.isArray(request.calls) || request.calls.length === 0)
    throw new WalletCallsError("wallet_sendCalls needs { calls: [{ to, data?, value? }, …] } with at least one call");
  return request.calls.map((call: { to?: unknown; data?: unknown; value?: unknown }, index) => {
    if (typeof call.to !== "string" || !call.to.startsWith("0x"))
      throw new WalletCallsError(`calls[${index}].to must be an address starting with 0x`);
    if (call.data !== undefined && (typeof call.data !== "string" || !call.data.startsWith("0x")))
      throw new WalletCallsError(`calls[${index}].data must start with 0x`);
    const value = typeof call.value === "string" && /^0x[0-9a-fA-F]+$/.test(call.value) ? (call.value as Hex) : "0x0";
    return { to: call.to as Hex, ...(call.data ? { data: call.data as Hex } : {}), value };
  });
}

/** A batch's id is its transaction hashes, so wallet_getCallsStatus needs no state kept here. */
export const callsId = (hashes: readonly Hex[]) => hashes.join("");

/** wallet_getCallsStatus: 100 while any transaction is pending, 200 when all succeeded, 500 when one reverted. */
export async function callsStatus(read: EIP1193RequestFn, chainId: number, id: string) {
  const hashes = id.match(/0x[0-9a-fA-F]{64}/g) ?? [];
  const receipts = await Promise.all(
    hashes.map(
      (hash) => read({ method: "eth_getTransactionReceipt", params: [hash as Hex] }) as Promise<{ status: Hex } | null>,
    ),
  );
  const done = receipts.every((receipt) => receipt !== null);
  const failed = receipts.some((receipt) => receipt?.status === "0x0");
  return {
    version: "2.0.0",
    id,
    chainId: `0x${chainId.toString(16)}`,
    atomic: false,
    status: failed ? 500 : done ? 200 : 100,
    receipts: done ? receipts : [],
  };
}
