import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SharedCounter } from "../limits/shared-counter.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { CallBudget } from "./call-budget.ts";

let storage: Storage;
beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
});
afterAll(async () => {
  await storage?.close();
});

describe("a client's call budget", () => {
  it("spends calls until the budget is used, refuses what does not fit whole without spending it, and counts clients apart", async () => {
    // An hour's window: the spends below all fall in one window.
    const budget = new CallBudget(new SharedCounter(storage), 600, 3_600_000);
    expect(await budget.spend("198.51.100.1", 100)).toEqual({ ok: true });
    expect(await budget.spend("198.51.100.1", 450)).toEqual({ ok: true });
    const refused = await budget.spend("198.51.100.1", 100);
    expect(refused).toMatchObject({ ok: false, used: 550 });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.ok === false && refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await budget.spend("198.51.100.1", 50)).toEqual({ ok: true });
    expect(await budget.spend("198.51.100.1", 1)).toMatchObject({ ok: false, used: 600 });
    expect(await budget.spend("198.51.100.2", 601)).toMatchObject({ ok: false, used: 0 });
    expect(await budget.spend("198.51.100.2", 600)).toEqual({ ok: true });
  });

  it("leases 1% of the budget to an instance, so single calls need the database once per 6, and two instances together never pass 600", async () => {
    const counter = new SharedCounter(storage);
    const [a, b] = [new CallBudget(counter, 600, 3_600_000), new CallBudget(counter, 600, 3_600_000)];
    const client = "198.51.100.4";
    const used = async () =>
      Number(
        (
          await storage.rows<{ hits: number | string }>(
            sql`select hits from rate_limit_counters where key = ${`rpc-calls:${client}`}`,
          )
        )[0]?.hits,
      );
    expect(await a.spend(client, 1)).toEqual({ ok: true });
    expect(await used()).toBe(6);
    for (let call = 0; call < 5; call++) expect(await a.spend(client, 1)).toEqual({ ok: true });
    expect(await used()).toBe(6);
    expect(await b.spend(client, 594)).toEqual({ ok: true });
    expect(await b.spend(client, 1)).toMatchObject({ ok: false, used: 600 });
    expect(await a.spend(client, 1)).toMatchObject({ ok: false, used: 600 });
  });

  it("starts again once the window ends", async () => {
    const budget = new CallBudget(new SharedCounter(storage), 5, 300);
    // Spend the budget whole within one window (a spend refused for lack of room means the window just turned).
    while (!(await budget.spend("198.51.100.3", 5)).ok);
    expect(await budget.spend("198.51.100.3", 1)).toMatchObject({ ok: false, retryAfterSeconds: 1 });
    while (!(await budget.spend("198.51.100.3", 5)).ok);
  });

  it("deletes windows that ended", async () => {
    const counter = new SharedCounter(storage, 0);
    await counter.take("sweep-test", 1, 10, 100);
    const ended = sql`select 1 from rate_limit_counters where key = 'sweep-test' and expires_at >= now()`;
    while ((await storage.rows(ended)).length > 0);
    await counter.take("sweep-other", 1, 10, 60_000);
    await counter.take("sweep-other", 1, 10, 60_000);
    const rows = await storage.rows(sql`select key from rate_limit_counters where key = 'sweep-test'`);
    expect(rows).toEqual([]);
  });
});
