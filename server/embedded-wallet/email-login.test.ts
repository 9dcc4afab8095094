import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalTokenIn, requestCode, signIn } from "../../tests/support/embedded-wallet-login.ts";
import {
  codeIn,
  type EmbeddedWalletStack,
  startEmbeddedWalletStack,
} from "../../tests/support/embedded-wallet-stack.ts";

let stack: EmbeddedWalletStack;
const DEVICE_A = "device-a-0123456789abcdef";
const DEVICE_B = "device-b-0123456789abcdef";

beforeAll(async () => {
  stack = await startEmbeddedWalletStack({ deviceWaitMs: 300, devicePollMs: 20 });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const post = (url: string, payload: object) => stack.secure.inject({ method: "POST", url, payload });
/** As if the 30 s e-mail cooldown had passed (the cooldown's own rule is tested on its own below). */
const cooldownPassed = () => stack.storage.db.execute(sql`delete from rate_limit_counters`);

const login = (email: string, deviceId: string) => signIn(stack, email, deviceId);

describe("e-mail login", () => {
  it("sends a first sign-in an approval link, then a 6-digit code by SMTP, and opens a session for it", async () => {
    let before = stack.mailCount();
    const started = await post("/embedded-wallet/email/start", { email: "New.User@Example.org", deviceId: DEVICE_A });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ action: "VERIFY_DEVICE" });
    const approval = stack.nextMail("new.user@example.org", before);
    expect(approval.subject).toBe("Approve signing in to your wallet on a new device");
    await stack.secure.inject({
      method: "POST",
      url: "/embedded-wallet/device/approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${approvalTokenIn(approval)}`,
    });
    before = stack.mailCount();
    const device = await post("/embedded-wallet/email/device", { email: "new.user@example.org", deviceId: DEVICE_A });
    expect(device.json()).toEqual({ action: "VERIFY_OTP" });
    const mail = stack.nextMail("new.user@example.org", before);
    expect(mail.subject).toMatch(/^Your wallet sign-in code: \d{6}$/);
    expect(mail.text).toContain("within 10 minutes");
    const verified = await post("/embedded-wallet/email/otp", {
      email: "new.user@example.org",
      deviceId: DEVICE_A,
      otp: codeIn(mail),
    });
    expect(verified.json()).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      user: { email: "new.user@example.org", address: null },
    });
    const session = await stack.secure.inject({
      method: "GET",
      url: "/embedded-wallet/session",
      headers: { authorization: `Bearer ${verified.json().token}` },
    });
    expect(session.json()).toEqual({ user: { email: "new.user@example.org", address: null } });
    // The code worked once.
    const again = await post("/embedded-wallet/email/otp", {
      email: "new.user@example.org",
      deviceId: DEVICE_A,
      otp: codeIn(mail),
    });
    expect(again.json()).toMatchObject({ code: "otp_not_found", field: "otp" });
    // From now on this browser is known: a code straight away.
    await cooldownPassed();
    expect(
      (await post("/embedded-wallet/email/start", { email: "new.user@example.org", deviceId: DEVICE_A })).json(),
    ).toEqual({ action: "VERIFY_OTP" });
  });

  it("allows one login e-mail per address per 30 seconds, saying how long to wait", async () => {
    await cooldownPassed();
    const first = await post("/embedded-wallet/email/start", { email: "throttle@example.org", deviceId: DEVICE_A });
    expect(first.statusCode).toBe(200);
    const before = stack.mailCount();
    const second = await post("/embedded-wallet/email/start", { email: "THROTTLE@example.org", deviceId: DEVICE_A });
    expect(second.statusCode).toBe(429);
    expect(second.headers["retry-after"]).toBe("30");
    expect(second.json()).toEqual({
      code: "email_throttled",
      message: "Please try again after 30 seconds",
      retryAfterSeconds: 30,
    });
    expect(stack.mailCount()).toBe(before);
    // Another address is not held up.
    expect(
      (await post("/embedded-wallet/email/start", { email: "other@example.org", deviceId: DEVICE_A })).statusCode,
    ).toBe(200);
  });

  it("says how many whole seconds are left, rounded up", async () => {
    await cooldownPassed();
    await post("/embedded-wallet/email/start", { email: "seconds@example.org", deviceId: DEVICE_A });
    // 12.3 s of the cooldown left.
    await stack.storage.db.execute(
      sql`update rate_limit_counters set expires_at = now() + interval '12300 milliseconds' where key = 'embedded-wallet-login:seconds@example.org:127.0.0.1'`,
    );
    const response = await post("/embedded-wallet/email/start", { email: "seconds@example.org", deviceId: DEVICE_A });
    expect(response.json()).toEqual({
      code: "email_throttled",
      message: "Please try again after 13 seconds",
      retryAfterSeconds: 13,
    });
  });

  it("rejects a malformed e-mail address with a 400 naming the field", async () => {
    const response = await post("/embedded-wallet/email/start", { email: "not-an-address", deviceId: DEVICE_A });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "invalid_request", field: "email" });
    expect(response.json().message).toContain("expected an e-mail address such as name@example.org");
  });

  it("counts wrong codes: 4 tries left after one, and after the 5th the right code no longer works", async () => {
    const right = await requestCode(stack, "tries@example.org", DEVICE_A);
    const wrong = right === "000000" ? "111111" : "000000";
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (
          await post("/embedded-wallet/email/otp", { email: "tries@example.org", deviceId: DEVICE_A, otp: wrong })
        ).json(),
      );
    expect(answers.map((answer) => answer.message)).toEqual([
      "Wrong code: 4 tries left",
      "Wrong code: 3 tries left",
      "Wrong code: 2 tries left",
      "Wrong code: 1 try left",
      "Wrong code, 5 times: this code no longer works; ask for a new code",
    ]);
    const late = await post("/embedded-wallet/email/otp", {
      email: "tries@example.org",
      deviceId: DEVICE_A,
      otp: right,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      code: "otp_not_found",
      message: "No code is waiting here: ask for a new code",
      field: "otp",
    });
  });

  it("checks no code at all for an hour once an address had 10 wrong codes, whatever codes they were for", async () => {
    const email = "guesser@example.org";
    // Only the 30 s cooldown passes; the count of wrong codes stays.
    const newCode = () => requestCode(stack, email, DEVICE_A, { keepLimits: true });
    const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
    const tryCode = async (otp: string) =>
      (await post("/embedded-wallet/email/otp", { email, deviceId: DEVICE_A, otp })).json();
    const first = await newCode();
    for (let i = 0; i < 5; i++) await tryCode(wrongFor(first));
    const second = await newCode();
    for (let i = 0; i < 4; i++) expect((await tryCode(wrongFor(second))).code).toBe("otp_wrong");
    expect((await tryCode(wrongFor(second))).code).toBe("otp_too_many_tries"); // the 10th wrong code
    const third = await newCode();
    const locked = await post("/embedded-wallet/email/otp", { email, deviceId: DEVICE_A, otp: third });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: "otp_locked",
      message: "Too many wrong codes: try again after 60 minutes",
      field: "otp",
    });
  });

  it("refuses a code after its 10 minutes", async () => {
    const otp = await requestCode(stack, "late@example.org", DEVICE_A);
    stack.advance(10 * 60_000 + 1_000);
    const response = await post("/embedded-wallet/email/otp", { email: "late@example.org", deviceId: DEVICE_A, otp });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "otp_expired",
      message: "This code has expired (codes work for 10 minutes): ask for a new code",
      field: "otp",
    });
  });

  it("asks a known user on a new browser to approve it by e-mail link, then sends the code once", async () => {
    await login("device@example.org", DEVICE_A);
    await cooldownPassed();
    let before = stack.mailCount();
    const started = await post("/embedded-wallet/email/start", { email: "device@example.org", deviceId: DEVICE_B });
    expect(started.json()).toEqual({ action: "VERIFY_DEVICE" });
    const approval = stack.nextMail("device@example.org", before);
    expect(approval.subject).toBe("Approve signing in to your wallet on a new device");
    const link = /(http:\/\/127\.0\.0\.1:48111\/embedded-wallet\/device\/approve\?token=[0-9a-f]{64})/.exec(
      approval.text,
    )?.[1];
    expect(link, approval.text).toBeDefined();
    // Not approved yet: the long poll ends with VERIFY_DEVICE and the frame calls again.
    const waiting = await post("/embedded-wallet/email/device", { email: "device@example.org", deviceId: DEVICE_B });
    expect(waiting.json()).toEqual({ action: "VERIFY_DEVICE" });

    const path = (link as string).slice("http://127.0.0.1:48111".length);
    const page = await stack.secure.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("device@example.org");
    expect(page.body).toContain('<button type="submit">Approve the new device</button>');
    // Never framed, not even by an allowed host page (a framed approve button could be clicked by a trick).
    expect(page.headers["content-security-policy"]).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; script-src 'sha256-[A-Za-z0-9+/]+=*'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/,
    );
    expect(page.headers["x-frame-options"]).toBe("DENY");
    // Opening the link alone approves nothing.
    expect(
      (await post("/embedded-wallet/email/device", { email: "device@example.org", deviceId: DEVICE_B })).json(),
    ).toEqual({
      action: "VERIFY_DEVICE",
    });
    const token = new URL(link as string).searchParams.get("token") as string;
    const approve = () =>
      stack.secure.inject({
        method: "POST",
        url: "/embedded-wallet/device/approve",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `token=${token}`,
      });
    const approved = await approve();
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain("Device approved");
    expect((await approve()).statusCode).toBe(404); // single use

    before = stack.mailCount();
    const ready = await post("/embedded-wallet/email/device", { email: "device@example.org", deviceId: DEVICE_B });
    expect(ready.json()).toEqual({ action: "VERIFY_OTP" });
    const codeMail = stack.nextMail("device@example.org", before);
    expect(
      (await post("/embedded-wallet/email/device", { email: "device@example.org", deviceId: DEVICE_B })).json(),
    ).toEqual({
      action: "VERIFY_OTP",
    });
    expect(stack.mailCount()).toBe(before + 1);
    const verified = await post("/embedded-wallet/email/otp", {
      email: "device@example.org",
      deviceId: DEVICE_B,
      otp: codeIn(codeMail),
    });
    expect(verified.statusCode).toBe(200);
    // From now on this browser is known: a code straight away.
    await cooldownPassed();
    expect(
      (await post("/embedded-wallet/email/start", { email: "device@example.org", deviceId: DEVICE_B })).json(),
    ).toEqual({
      action: "VERIFY_OTP",
    });
  });

  it("refuses a device-approval link after its 15 minutes", async () => {
    await login("stale@example.org", DEVICE_A);
    await cooldownPassed();
    const before = stack.mailCount();
    await post("/embedded-wallet/email/start", { email: "stale@example.org", deviceId: DEVICE_B });
    const link = /(\/embedded-wallet\/device\/approve\?token=[0-9a-f]{64})/.exec(
      stack.nextMail("stale@example.org", before).text,
    )?.[1];
    stack.advance(15 * 60_000 + 1_000);
    const page = await stack.secure.inject({ method: "GET", url: link as string });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("This link no longer works");
    const waiting = await post("/embedded-wallet/email/device", { email: "stale@example.org", deviceId: DEVICE_B });
    expect(waiting.json()).toMatchObject({ code: "device_approval_expired", field: "deviceId" });
  });

  it("ends a session on sign-out", async () => {
    const token = await login("signout@example.org", DEVICE_A);
    const headers = { authorization: `Bearer ${token}` };
    expect((await stack.secure.inject({ method: "POST", url: "/embedded-wallet/sign-out", headers })).statusCode).toBe(
      204,
    );
    const after = await stack.secure.inject({ method: "GET", url: "/embedded-wallet/session", headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: "no_session", field: "authorization" });
  });
});
