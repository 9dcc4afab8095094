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

/** A reverted call, decoded: the contract's custom error by name (when `abi` knows it) and a readable reason. */
export interface DecodedRevert {
  /** The custom error's name ("StakingIsPaused"), when the revert carried one the ABI declares. */
  readonly errorName?: string;
  /** The custom error with its arguments, the Error(string) message, a Panic code, or the node's message. */
  readonly reason: string;
}

/** Decodes a reverted call's error with the target contract's ABI (a ContractCall carries it). */
export function decodeRevert(error: unknown, abi: Abi): DecodedRevert {
  const data = findRevertData(error);
  if (data) {
    try {
      const decoded = decodeErrorResult({ abi, data });
      if (decoded.errorName === "Error") return { reason: show(decoded.args?.[0]) };
      if (decoded.errorName === "Panic") return { reason: `panic ${show(decoded.args?.[0])}` };
      const args = (decoded.args ?? []).map(show).join(", ");
      return { errorName: decoded.errorName, reason: `${decoded.errorName}(${args})` };
    } catch {
      return { reason: `unknown error ${data.slice(0, 10)}` };
    }
  }
  if (error instanceof BaseError) return { reason: error.shortMessage };
  return { reason: error instanceof Error ? error.message : String(error) };
}
