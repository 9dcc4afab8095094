import { describe, expect, it } from "vitest";
import { config } from "zod/v4/core";
import "./zod-without-eval.ts";

describe("zod without eval", () => {
  it("turns on zod's jitless setting, so zod never probes for eval under the app's CSP", () => {
    expect(config().jitless).toBe(true);
  });
});
