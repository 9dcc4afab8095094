import { type Abi, BaseError, decodeErrorResult, type Hex } from "viem";

const isHex = (value: unknown): value is Hex => typeof value === "string" && /^0x[0-9a-fA-F]*$/.test(value);

/** The revert data carried somewhere along a viem error's cause chain, if any. */
export function findRevertData(error: unknown): Hex | undefined {
  if (error instanceof BaseError) {
    const found = error.walk((cause) => isHex((cause as { data?: unknown }).data));
    const data = (found as { data?: unknown } | null)?.data;
    if (isHex(data) && data.length >= 10) return data;
    // Some nodes put the data on the raw RPC error object: { data: { data: "0x..." } } or { data: "0x..." }.
    const nested = error.walk((cause) => isHex((cause as { data?: { data?: unknown } }).data?.data));
    const inner = (nested as { data?: { data?: unknown } } | null)?.data?.data;
    if (isHex(inner) && inner.length >= 10) return inner;
  }
  return undefined;
}

const show = (value: unknown): string =>
  typeof value === "bigint"
    ? value.toString()
    : typeof value === "string"
      ? value
      : JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v));

/**
 * A readable reason for a reverted call: the contract's custom error with its arguments (from `abi`), the
 * Error(string) message, or a Panic code; falls back to the node's short message.
 */
export function decodeRevertReason(error: unknown, abi: Abi = []): string {
  const data = findRevertData(error);
  if (data) {
    try {
      const decoded = decodeErrorResult({ abi, data });
      if (decoded.errorName === "Error") return show(decoded.args?.[0]);
      if (decoded.errorName === "Panic") return `panic ${show(decoded.args?.[0])}`;
      return `${decoded.errorName}(${(decoded.args ?? []).map(show).join(", ")})`;
    } catch {
      return `unknown error ${data.slice(0, 10)}`;
    }
  }
  if (error instanceof BaseError) return error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}
