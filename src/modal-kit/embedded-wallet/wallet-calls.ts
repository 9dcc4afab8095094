import type { Hex } from "viem";

/** One call of wallet_sendCalls (EIP-5792), checked by shape (modal-kit.md section 5). */
export interface WalletCall {
  readonly to: Hex;
  readonly data?: Hex;
  readonly value: Hex;
}

/**
 * A refused EIP-5792 request with the EIP's code: -32602 a malformed request, 5700 a required capability this
 * wallet lacks, 5710 another chain than the wallet's, 5720 a batch id already used, 5730 an unknown batch id,
 * 5760 atomic execution required (this wallet is an EOA: it sends the calls one by one).
 */
export class WalletCallsError extends Error {
  override name = "WalletCallsError";
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

const hex = (value: number) => `0x${value.toString(16)}`;

/** wallet_getCapabilities: atomic execution is unsupported on every chain this wallet serves (or those asked for). */
export function walletCapabilities(chainIds: readonly number[], params: readonly unknown[]) {
  const asked = Array.isArray(params[1]) ? (params[1] as unknown[]).map(Number) : undefined;
  const served = asked ? chainIds.filter((id) => asked.includes(id)) : chainIds;
  return Object.fromEntries(served.map((id) => [hex(id), { atomic: { status: "unsupported" } }]));
}

/** A capability the app marks neither optional nor one this wallet has is refused with 5700. */
function checkCapabilities(capabilities: unknown, where: string): void {
  if (capabilities === undefined) return;
  for (const [name, value] of Object.entries(capabilities as Record<string, { optional?: boolean }>))
    if (value?.optional !== true)
      throw new WalletCallsError(5700, `${where}capability ${name} is not supported by this wallet`);
}

export interface WalletCallsRequest {
  readonly calls: WalletCall[];
  /** The app's own batch id, if it gave one. */
  readonly id: string | undefined;
}

/**
 * Reads a wallet_sendCalls request for the chain `chainId` the wallet is on: each call has a destination
 * starting with 0x, optional data starting with 0x and an optional value (a non-numeric value counts as zero);
 * atomicRequired: true is refused with 5760, another chain with 5710, a required capability with 5700.
 */
export function readWalletCalls(params: readonly unknown[], chainId: number, account: string): WalletCallsRequest {
  const request = params[0] as
    | {
        calls?: unknown;
        atomicRequired?: unknown;
        chainId?: unknown;
        from?: unknown;
        id?: unknown;
        capabilities?: unknown;
      }
    | undefined;
  if (!request || !Array.isArray(request.calls) || request.calls.length === 0)
    throw new WalletCallsError(
      -32602,
      "wallet_sendCalls needs { calls: [{ to, data?, value? }, …] } with at least one call",
    );
  if (request.atomicRequired === true)
    throw new WalletCallsError(5760, "Atomicity not supported: this wallet sends the calls one by one");
  if (request.chainId !== undefined && Number(request.chainId) !== chainId)
    throw new WalletCallsError(
      5710,
      `Unsupported chain id ${String(request.chainId)}: the wallet is on ${hex(chainId)}`,
    );
  if (typeof request.from === "string" && request.from.toLowerCase() !== account.toLowerCase())
    throw new WalletCallsError(-32602, "from must be this wallet's account");
  checkCapabilities(request.capabilities, "");
  const calls = request.calls.map(
    (call: { to?: unknown; data?: unknown; value?: unknown; capabilities?: unknown }, index) => {
      if (typeof call.to !== "string" || !call.to.startsWith("0x"))
        throw new WalletCallsError(-32602, `calls[${index}].to must be an address starting with 0x`);
      if (call.data !== undefined && (typeof call.data !== "string" || !call.data.startsWith("0x")))
        throw new WalletCallsError(-32602, `calls[${index}].data must start with 0x`);
      checkCapabilities(call.capabilities, `calls[${index}]: `);
      const value = typeof call.value === "string" && /^0x[0-9a-fA-F]+$/.test(call.value) ? (call.value as Hex) : "0x0";
      return { to: call.to as Hex, ...(call.data ? { data: call.data as Hex } : {}), value };
    },
  );
  return { calls, id: typeof request.id === "string" && request.id !== "" ? request.id : undefined };
}
