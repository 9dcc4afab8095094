import { describe, expect, it } from "vitest";
import { UnexpectedApiResponseError } from "../core/api/unexpected-api-response-error.ts";
import { ApiResponseError, ApiUnreachableError } from "../core/app-error.ts";
import { shouldRetryRead } from "./query-client.ts";

describe("the app's reads", () => {
  it("are not asked again by themselves for the request's own fault or an answer of the wrong shape", () => {
    expect(shouldRetryRead(0, new ApiResponseError("/validators", 400, { code: "invalid_query" }))).toBe(false);
    expect(shouldRetryRead(0, new ApiResponseError("/validators", 404, {}))).toBe(false);
    expect(shouldRetryRead(0, new UnexpectedApiResponseError("GET /validators", "(root) expected object"))).toBe(false);
  });

  it("are asked again twice at most when the trouble may pass", () => {
    const unreachable = new ApiUnreachableError("GET /validators", new TypeError("Failed to fetch"));
    expect(shouldRetryRead(0, unreachable)).toBe(true);
    expect(shouldRetryRead(1, new ApiResponseError("/validators", 503, {}))).toBe(true);
    expect(shouldRetryRead(0, new ApiResponseError("/validators", 429, {}))).toBe(true);
    expect(shouldRetryRead(2, unreachable)).toBe(false);
  });
});
