import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../tests/support/embedded-wallet-login.ts";
import { type EmbeddedWalletStack, startEmbeddedWalletStack } from "../../tests/support/embedded-wallet-stack.ts";

/** Issue 25 item 4: login start does not tell whether an address has an account. */
let stack: EmbeddedWalletStack;
const MEMBER = "member@example.org";
const STRANGER = "stranger@example.org";
const TRIES = 20;

beforeAll(async () => {
  stack = await startEmbeddedWalletStack();
  await signIn(stack, MEMBER, "device-member-0123456789");
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** A start from a browser never seen (its own device id) and its own requester, as a prober would send it. */
async function start(email: string, round: number) {
  await stack.storage.db.execute(sql`delete from rate_limit_counters`);
  const began = performance.now();
  const response = await stack.secure.inject({
    method: "POST",
    url: "/embedded-wallet/email/start",
    remoteAddress: `198.51.100.${round}`,
    payload: { email, deviceId: `device-probe-${round}-0123456789` },
  });
  const ms = performance.now() - began;
  const { date: _date, ...headers } = response.headers;
  return { status: response.statusCode, body: response.json(), headers, ms };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    ((sorted[Math.floor((sorted.length - 1) / 2)] as number) + (sorted[Math.ceil((sorted.length - 1) / 2)] as number)) /
    2
  );
};

describe("login start for an address with and without an account", () => {
  it("answers the same status, body and headers, and sends each address the same kind of e-mail", async () => {
    let before = stack.mailCount();
    const member = await start(MEMBER, 1);
    const memberMail = stack.nextMail(MEMBER, before);
    before = stack.mailCount();
    const stranger = await start(STRANGER, 2);
    const strangerMail = stack.nextMail(STRANGER, before);
    expect(member.status).toBe(200);
    expect(member.body).toEqual({ action: "VERIFY_DEVICE" });
    expect({ status: stranger.status, body: stranger.body, headers: stranger.headers }).toEqual({
      status: member.status,
      body: member.body,
      headers: member.headers,
    });
    expect(strangerMail.subject).toBe("Approve signing in to your wallet on a new device");
    expect(memberMail.subject).toBe(strangerMail.subject);
  });

  it(`takes about as long either way (medians over ${TRIES} tries each, interleaved)`, async () => {
    const times = { member: [] as number[], stranger: [] as number[] };
    for (let round = 10; round < 10 + TRIES; round++) {
      times.member.push((await start(MEMBER, round)).ms);
      times.stranger.push((await start(STRANGER, round + 100)).ms);
    }
    const member = median(times.member);
    const stranger = median(times.stranger);
    console.info(
      `login start, median of ${TRIES}: account ${member.toFixed(1)} ms, no account ${stranger.toFixed(1)} ms`,
    );
    // The same queries and one e-mail either way: what is left is the machine's noise.
    expect(Math.max(member, stranger) / Math.min(member, stranger)).toBeLessThan(1.5);
  }, 120_000);
});
