import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningMailServer, startMailServer } from "../../tests/support/devnet.ts";
import { approvalTokenIn } from "../../tests/support/embedded-wallet-login.ts";
import {
  codeIn,
  type EmbeddedWalletStack,
  startEmbeddedWalletStack,
} from "../../tests/support/embedded-wallet-stack.ts";
import { type PostgresServer, postgresAvailable, startPostgres } from "../../tests/support/postgres-server.ts";

/** Two server instances on one PostgreSQL server, as behind a load balancer: the wallet's state and limits are shared. */
let postgres: PostgresServer;
let mail: RunningMailServer;
let a: EmbeddedWalletStack;
let b: EmbeddedWalletStack;
let bUrl: string;

beforeAll(async () => {
  if (!postgresAvailable) return;
  postgres = await startPostgres();
  mail = await startMailServer();
  a = await startEmbeddedWalletStack({ databaseUrl: postgres.url, mail, deviceWaitMs: 5_000, devicePollMs: 50 });
  b = await startEmbeddedWalletStack({ databaseUrl: postgres.url, mail, deviceWaitMs: 5_000, devicePollMs: 50 });
  bUrl = await b.secure.listen({ host: "127.0.0.1", port: 0 });
}, 120_000);
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await mail?.stop();
  await postgres?.stop();
});

const post = (stack: EmbeddedWalletStack, url: string, payload: object, headers: Record<string, string> = {}) =>
  stack.secure.inject({ method: "POST", url, payload, headers });

describe.skipIf(!postgresAvailable)("the embedded wallet on two server instances", () => {
  it("holds the 30 s e-mail limit, codes, sessions, device approvals and shares across instances", async () => {
    const email = "both@example.org";
    let before = a.mailCount();
    expect(
      (await post(a, "/embedded-wallet/email/start", { email, deviceId: "device-one-0123456789" })).json(),
    ).toEqual({
      action: "VERIFY_DEVICE",
    });
    const throttled = await post(b, "/embedded-wallet/email/start", { email, deviceId: "device-one-0123456789" });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/^Please try again after (29|30) seconds$/);
    // Approved through one instance, the device step on the other sends the code.
    const link = approvalTokenIn(a.nextMail(email, before));
    const linkApproved = await fetch(`${bUrl}/embedded-wallet/device/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `token=${link}`,
    });
    expect(linkApproved.status).toBe(200);
    before = a.mailCount();
    expect(
      (await post(a, "/embedded-wallet/email/device", { email, deviceId: "device-one-0123456789" })).json(),
    ).toEqual({
      action: "VERIFY_OTP",
    });

    // A code sent by one instance opens a session on the other, which works on the first.
    const verified = await post(b, "/embedded-wallet/email/otp", {
      email,
      deviceId: "device-one-0123456789",
      otp: codeIn(a.nextMail(email, before)),
    });
    const headers = { authorization: `Bearer ${verified.json().token}` };
    const ADDRESS = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    const put = await a.secure.inject({
      method: "PUT",
      url: "/embedded-wallet/wallet",
      headers,
      payload: { address: ADDRESS, serverShare: "2:abcdef0123456789" },
    });
    expect(put.statusCode).toBe(204);
    const share = await b.secure.inject({ method: "GET", url: "/embedded-wallet/wallet/share", headers });
    expect(share.json()).toEqual({ address: ADDRESS, serverShare: "2:abcdef0123456789" });

    // A device waiting on one instance learns at once of an approval made through the other.
    await a.storage.db.execute(sql`delete from rate_limit_counters`);
    before = a.mailCount();
    await post(a, "/embedded-wallet/email/start", { email, deviceId: "device-two-0123456789" });
    const token = /token=([0-9a-f]{64})/.exec(a.nextMail(email, before).text)?.[1] as string;
    const waiting = post(a, "/embedded-wallet/email/device", { email, deviceId: "device-two-0123456789" });
    const approved = await fetch(`${bUrl}/embedded-wallet/device/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `token=${token}`,
    });
    expect(approved.status).toBe(200);
    expect((await waiting).json()).toEqual({ action: "VERIFY_OTP" });
  });
});
