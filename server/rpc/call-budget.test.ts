import { describe, expect, it } from "vitest";
import { CallBudget } from "./call-budget.ts";

describe("a client's call budget", () => {
  it("spends calls until the budget is used, refuses what does not fit whole, and starts again after the window", async () => {
    const budget = new CallBudget(600, 200);
    const startedAt = Date.now();
    expect(budget.spend("198.51.100.1", 100)).toEqual({ ok: true });
    expect(budget.spend("198.51.100.1", 450)).toEqual({ ok: true });
    expect(budget.spend("198.51.100.1", 100)).toEqual({ ok: false, used: 550, retryAfterSeconds: 1 });
    expect(budget.spend("198.51.100.1", 50)).toEqual({ ok: true });
    expect(budget.spend("198.51.100.2", 600)).toEqual({ ok: true });
    while (Date.now() - startedAt < 200) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(budget.spend("198.51.100.1", 600)).toEqual({ ok: true });
  });
});
