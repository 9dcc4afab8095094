import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../tests/support/embedded-wallet-login.ts";
import { type EmbeddedWalletStack, startEmbeddedWalletStack } from "../../tests/support/embedded-wallet-stack.ts";

/** Issue 25 item 4: nobody holds another person's 30 s login e-mail slot, and one requester cannot keep taking it. */
let stack: EmbeddedWalletStack;

beforeAll(async () => {
  stack = await startEmbeddedWalletStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const start = (email: string, ip: string, deviceId = "device-limits-0123456789") =>
  stack.secure.inject({
    method: "POST",
    url: "/embedded-wallet/email/start",
    remoteAddress: ip,
    payload: { email, deviceId },
  });
/** As if 30 s had passed: the per-address slots end; the hourly counts stay. */
const slotsPassed = () =>
  stack.storage.db.execute(sql`delete from rate_limit_counters where key like 'embedded-wallet-login:%'`);
const allLimitsPassed = () => stack.storage.db.execute(sql`delete from rate_limit_counters`);

describe("login e-mail limits", () => {
  it("does not hold up another requester while one has the address's 30 s slot", async () => {
    await allLimitsPassed();
    const victim = "victim@example.org";
    expect((await start(victim, "203.0.113.66")).statusCode).toBe(200);
    const again = await start(victim, "203.0.113.66");
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe("email_throttled");
    expect(again.json().message).toMatch(/^Please try again after (29|30) seconds$/);
    const before = stack.mailCount();
    const own = await start(victim, "192.0.2.10");
    expect(own.statusCode).toBe(200);
    expect(stack.nextMail(victim, before).subject).toBe("Approve signing in to your wallet on a new device");
  });

  it("gives one requester 10 login e-mails an hour: it cannot keep taking an address's slot", async () => {
    await allLimitsPassed();
    const victim = "held@example.org";
    for (let taken = 0; taken < 10; taken++) {
      await slotsPassed();
      expect((await start(victim, "203.0.113.77")).statusCode).toBe(200);
    }
    await slotsPassed();
    const before = stack.mailCount();
    const refused = await start(victim, "203.0.113.77");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: "login_requester_throttled",
      message: "Too many sign-in e-mails from your network (10 an hour): try again after 60 minutes",
    });
    expect(refused.json().retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.json().retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(refused.headers["retry-after"]).toBe(String(refused.json().retryAfterSeconds));
    // Other addresses too (the limit is the requester's), and nothing was sent.
    expect((await start("someone.else@example.org", "203.0.113.77")).json().code).toBe("login_requester_throttled");
    expect(stack.mailCount()).toBe(before);
    // The address's owner, elsewhere, still gets the e-mail.
    expect((await start(victim, "192.0.2.20")).statusCode).toBe(200);
  });

  it("counts an IPv6 client by its /64", async () => {
    await allLimitsPassed();
    expect((await start("six@example.org", "2001:db8:1:2::5")).statusCode).toBe(200);
    const sameSubnet = await start("six@example.org", "2001:db8:1:2:ffff::9");
    expect(sameSubnet.json().code).toBe("email_throttled");
    expect((await start("six@example.org", "2001:db8:1:3::5")).statusCode).toBe(200);
  });

  it("sends one address at most 30 an hour for browsers it has not approved; its approved browsers still get codes", async () => {
    await allLimitsPassed();
    const email = "bombed@example.org";
    const device = "device-bombed-0123456789";
    await signIn(stack, email, device);
    await allLimitsPassed();
    for (let taken = 0; taken < 30; taken++) {
      await slotsPassed();
      expect((await start(email, `198.51.100.${Math.floor(taken / 10)}`)).statusCode).toBe(200);
    }
    const refused = await start(email, "198.51.100.99");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: "login_address_throttled",
      message:
        "Too many sign-in e-mails to this address (30 an hour): try again after 60 minutes, or from a browser you signed in with before",
    });
    const before = stack.mailCount();
    const approved = await start(email, "198.51.100.99", device);
    expect(approved.json()).toEqual({ action: "VERIFY_OTP" });
    expect(stack.nextMail(email, before).subject).toMatch(/^Your wallet sign-in code: \d{6}$/);
  }, 120_000);
});
