import { UserRejectedRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { HttpStatusError } from "./kit-error.ts";
import { isUserRejection, ProviderError, toProviderError } from "./provider-errors.ts";

// EIP-1193 provider error codes and EIP-1474 JSON-RPC codes, as the standards number them.
const STANDARD_CODES = [
  ["userRejected", 4001],
  ["unauthorized", 4100],
  ["unsupportedMethod", 4200],
  ["disconnected", 4900],
  ["chainDisconnected", 4901],
  ["unrecognizedChain", 4902],
  ["limitExceeded", -32005],
  ["internal", -32603],
] as const;

describe("toProviderError", () => {
  it.each(STANDARD_CODES)("maps code of %s to its kind and locale key", (kind, code) => {
    const error = toProviderError(Object.assign(new Error("wallet said no"), { code }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.kind).toBe(kind);
    expect(error.code).toBe(code);
    expect(error.shortMessage).toBe(`modalKit.errors.provider.${kind}`);
  });

  it("finds the code inside viem's and wagmi's wrapping errors", () => {
    const wrapped = new Error("Connection failed", { cause: new UserRejectedRequestError(new Error("denied")) });
    expect(toProviderError(wrapped).kind).toBe("userRejected");
    expect(isUserRejection(wrapped)).toBe(true);
  });

  it("keeps unknown failures as kind unknown with the original as cause", () => {
    const original = new Error("socket hang up");
    const error = toProviderError(original);
    expect(error.kind).toBe("unknown");
    expect(error.cause).toBe(original);
    expect(isUserRejection(original)).toBe(false);
  });
});

describe("HttpStatusError", () => {
  it("reads 'HTTP status code: {n}' and keeps the response", () => {
    const response = new Response("rate limited", { status: 429 });
    const error = new HttpStatusError(response);
    expect(error.message).toBe("HTTP status code: 429");
    expect(error.cause).toBe(response);
    expect(error.values).toEqual({ status: 429 });
  });
});
