import { describe, expect, it } from "vitest";
import { checkResolver } from "./check-resolver.ts";

type Values = { amount: string; days: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("checkResolver", () => {
  const resolver = checkResolver<Values>(({ amount, days }) => ({
    amount: amount === "" ? "Enter an amount." : undefined,
    days: Number(days) < 30 ? "Enter at least 30 days." : undefined,
  }));

  it("passes the values through when the check names no problem", async () => {
    expect(await resolver({ amount: "1", days: "30" }, undefined, options)).toEqual({
      values: { amount: "1", days: "30" },
      errors: {},
    });
  });

  it("gives each field the check's message, and no values, when something is wrong", async () => {
    expect(await resolver({ amount: "", days: "7" }, undefined, options)).toEqual({
      values: {},
      errors: {
        amount: { type: "validate", message: "Enter an amount." },
        days: { type: "validate", message: "Enter at least 30 days." },
      },
    });
  });
});
