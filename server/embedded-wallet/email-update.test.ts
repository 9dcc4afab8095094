import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginHeaders } from "../../tests/support/embedded-wallet-login.ts";
import {
  codeIn,
  type EmbeddedWalletStack,
  startEmbeddedWalletStack,
} from "../../tests/support/embedded-wallet-stack.ts";

let stack: EmbeddedWalletStack;
const DEVICE = "device-update-0123456789";

beforeAll(async () => {
  stack = await startEmbeddedWalletStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const cooldownPassed = () => stack.storage.db.execute(sql`delete from rate_limit_counters`);

const login = (email: string) => loginHeaders(stack, email, DEVICE);

const post = (url: string, headers: Record<string, string>, payload: object) =>
  stack.secure.inject({ method: "POST", url, headers, payload });

describe("changing the login e-mail", () => {
  it("confirms with a code to the current address, then one to the new address, and moves the login", async () => {
    const headers = await login("old@example.org");
    let before = stack.mailCount();
    const started = await post("/embedded-wallet/email/update", headers, { newEmail: "New@Example.org" });
    expect(started.json()).toEqual({ action: "VERIFY_PRIMARY_OTP" });
    const primary = stack.nextMail("old@example.org", before);
    expect(primary.text).toContain("new@example.org");

    const wrong = await post("/embedded-wallet/email/update/primary", headers, {
      otp: codeIn(primary) === "000000" ? "111111" : "000000",
    });
    expect(wrong.json()).toMatchObject({ code: "otp_wrong", message: "Wrong code: 4 tries left", field: "otp" });
    before = stack.mailCount();
    const confirmed = await post("/embedded-wallet/email/update/primary", headers, { otp: codeIn(primary) });
    expect(confirmed.json()).toEqual({ action: "VERIFY_SECONDARY_OTP" });
    const secondary = stack.nextMail("new@example.org", before);
    // The first code cannot stand in for the second.
    const swapped = await post("/embedded-wallet/email/update/secondary", headers, { otp: codeIn(primary) });
    expect(swapped.statusCode).toBe(codeIn(primary) === codeIn(secondary) ? 200 : 400);
    if (swapped.statusCode === 200) return;
    const done = await post("/embedded-wallet/email/update/secondary", headers, { otp: codeIn(secondary) });
    expect(done.json()).toEqual({ user: { email: "new@example.org", address: null } });
    const session = await stack.secure.inject({ method: "GET", url: "/embedded-wallet/session", headers });
    expect(session.json().user.email).toBe("new@example.org");
    // The new address logs in to the same wallet; the old one is a new user.
    await cooldownPassed();
    expect(
      (
        await stack.secure.inject({
          method: "POST",
          url: "/embedded-wallet/email/start",
          payload: { email: "new@example.org", deviceId: DEVICE },
        })
      ).json(),
    ).toEqual({ action: "VERIFY_OTP" });
  });

  it("refuses an address another wallet uses, the same address, and a change without a session", async () => {
    await login("taken@example.org");
    const headers = await login("mover@example.org");
    const taken = await post("/embedded-wallet/email/update", headers, { newEmail: "TAKEN@example.org" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: "email_taken",
      message: "Another wallet signs in with this e-mail address: choose another",
      field: "newEmail",
    });
    const same = await post("/embedded-wallet/email/update", headers, { newEmail: "mover@example.org" });
    expect(same.json()).toMatchObject({ code: "same_email", field: "newEmail" });
    const bad = await post("/embedded-wallet/email/update", headers, { newEmail: "nope" });
    expect(bad.json()).toMatchObject({ code: "invalid_request", field: "newEmail" });
    expect((await post("/embedded-wallet/email/update", {}, { newEmail: "x@example.org" })).statusCode).toBe(401);
  });

  it("sends at most one change code per 30 seconds", async () => {
    const headers = await login("twice@example.org");
    expect((await post("/embedded-wallet/email/update", headers, { newEmail: "a@example.org" })).statusCode).toBe(200);
    const second = await post("/embedded-wallet/email/update", headers, { newEmail: "b@example.org" });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      code: "email_throttled",
      message: "Please try again after 30 seconds",
      retryAfterSeconds: 30,
    });
  });
});
