import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../tests/support/embedded-wallet-login.ts";
import { type EmbeddedWalletStack, startEmbeddedWalletStack } from "../../tests/support/embedded-wallet-stack.ts";

let stack: EmbeddedWalletStack;
let secureUrl: string;
const EMAIL = "poll@example.org";
const KNOWN = "device-known-0123456789";
const NEW = "device-new-01234567890";
const WAIT_MS = 1_500;

beforeAll(async () => {
  stack = await startEmbeddedWalletStack({ deviceWaitMs: WAIT_MS, devicePollMs: 50 });
  secureUrl = await stack.secure.listen({ host: "127.0.0.1", port: 0 });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const post = (path: string, body: object) =>
  fetch(`${secureUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("waiting for a device's approval over HTTP (long poll)", () => {
  it("holds the request while nothing happens, and answers as soon as the link is approved", async () => {
    await signIn(stack, EMAIL, KNOWN);
    await stack.storage.db.execute(sql`delete from rate_limit_counters`);

    const before = stack.mailCount();
    expect(await (await post("/embedded-wallet/email/start", { email: EMAIL, deviceId: NEW })).json()).toEqual({
      action: "VERIFY_DEVICE",
    });
    const token = /token=([0-9a-f]{64})/.exec(stack.nextMail(EMAIL, before).text)?.[1] as string;

    let started = Date.now();
    const idle = await post("/embedded-wallet/email/device", { email: EMAIL, deviceId: NEW });
    expect(await idle.json()).toEqual({ action: "VERIFY_DEVICE" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 50);

    started = Date.now();
    const waiting = post("/embedded-wallet/email/device", { email: EMAIL, deviceId: NEW });
    const approved = await fetch(`${secureUrl}/embedded-wallet/device/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `token=${token}`,
    });
    expect(approved.status).toBe(200);
    expect(await (await waiting).json()).toEqual({ action: "VERIFY_OTP" });
    expect(Date.now() - started).toBeLessThan(WAIT_MS);
  });
});
