import { describe, expect, it } from "vitest";
import { unstakeFormSchema } from "./unstake-form-schema.ts";

describe("the unstake form's schema", () => {
  it("gives a partial withdrawal in gwei and an exit with no amount", () => {
    expect(unstakeFormSchema.parse({ kind: "partial", amount: " 1.5 " })).toEqual({
      kind: "partial",
      amountGwei: 1_500_000_000n,
    });
    expect(unstakeFormSchema.parse({ kind: "exit", amount: "not read" })).toEqual({ kind: "exit" });
  });

  it("refuses a zero, negative, malformed or over-precise amount on the amount field", () => {
    for (const amount of ["", "0", "0.0", "-1", "1,5", "01", "1.0000000001"]) {
      const result = unstakeFormSchema.safeParse({ kind: "partial", amount });
      expect(result.success, amount).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
        ["amount", "unstake.errors.amountFormat"],
      ]);
    }
  });
});
