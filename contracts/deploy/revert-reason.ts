import { type Abi, BaseError, decodeErrorResult, type Hex } from "viem";

/**
 * The custom error a failed call reverted with, decoded through `abi`, as `Name(arg, ...)`; undefined when the
 * error carries no revert data or the data is no error of `abi`.
 */
export function revertReason(abi: Abi, error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const carrier = error.walk((cause) => typeof (cause as { data?: unknown }).data === "string");
  const data = (carrier as { data?: Hex } | null)?.data;
  if (!data || data === "0x") return undefined;
  try {
    const decoded = decodeErrorResult({ abi, data });
    return `${decoded.errorName}(${(decoded.args ?? []).map(String).join(", ")})`;
  } catch {
    return undefined;
  }
}
