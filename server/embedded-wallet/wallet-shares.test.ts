import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginHeaders } from "../../tests/support/embedded-wallet-login.ts";
import { type EmbeddedWalletStack, startEmbeddedWalletStack } from "../../tests/support/embedded-wallet-stack.ts";
import { embeddedWalletUsers } from "../storage/schema.ts";

let stack: EmbeddedWalletStack;
const logLines: string[] = [];
const DEVICE = "device-shares-0123456789";
const ADDRESS_A = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const ADDRESS_B = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
// Share-like strings the frame would send (opaque to the server); each is searched for in the logs.
const SHARE_A = "1:9f2c6b1e8d4a7f3c5e9b2d6a1f8c4e7b3d9a5f2c8e1b6d4a7f3c9e5b2d8a1f6c";
const SHARE_A2 = "1:0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9";
const SHARE_B = "1:ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100";

beforeAll(async () => {
  stack = await startEmbeddedWalletStack({
    env: { LOG_LEVEL: "trace" },
    logStream: { write: (line) => logLines.push(line) },
  });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const login = (email: string) => loginHeaders(stack, email, DEVICE);

const putShare = (headers: Record<string, string>, address: string, serverShare: string) =>
  stack.secure.inject({ method: "PUT", url: "/embedded-wallet/wallet", headers, payload: { address, serverShare } });
const getShare = (headers: Record<string, string>) =>
  stack.secure.inject({ method: "GET", url: "/embedded-wallet/wallet/share", headers });

describe("the server's key share", () => {
  it("is stored once per user, encrypted at rest, and released to that user's session", async () => {
    const alice = await login("alice@example.org");
    expect((await putShare(alice, ADDRESS_A.toLowerCase(), SHARE_A)).statusCode).toBe(204);
    const share = await getShare(alice);
    expect(share.statusCode).toBe(200);
    expect(share.headers["cache-control"]).toBe("no-store");
    expect(share.json()).toEqual({ address: ADDRESS_A, serverShare: SHARE_A });
    const session = await stack.secure.inject({ method: "GET", url: "/embedded-wallet/session", headers: alice });
    expect(session.json()).toEqual({ user: { email: "alice@example.org", address: ADDRESS_A } });

    const [row] = await stack.storage.db
      .select()
      .from(embeddedWalletUsers)
      .where(eq(embeddedWalletUsers.email, "alice@example.org"));
    expect(row?.serverShare).toMatch(/^v2:[0-9a-f]{16}:[A-Za-z0-9+/]+=*$/);
    expect(row?.serverShare).not.toContain(SHARE_A.slice(2, 20));
  });

  it("takes no second share on a session alone, for the same address or another (share-replacement.test.ts)", async () => {
    const alice = await login("alice@example.org");
    expect((await putShare(alice, ADDRESS_A, SHARE_A2)).statusCode).toBe(403);
    const other = await putShare(alice, ADDRESS_B, SHARE_B);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: "wallet_signature_required", field: "proof" });
    expect((await getShare(alice)).json().serverShare).toBe(SHARE_A);
  });

  it("is never released to another user's session, nor without a session", async () => {
    const bob = await login("bob@example.org");
    const none = await getShare(bob);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ code: "no_wallet", message: "This account has no wallet yet: create one first" });
    expect((await putShare(bob, ADDRESS_B, SHARE_B)).statusCode).toBe(204);
    expect((await getShare(bob)).json()).toEqual({ address: ADDRESS_B, serverShare: SHARE_B });
    expect((await getShare({})).statusCode).toBe(401);
    expect((await getShare({ authorization: `Bearer ${"0".repeat(64)}` })).json()).toMatchObject({
      code: "no_session",
    });
  });

  it("does not decrypt on another user's row: a share copied between rows is refused, not released", async () => {
    const mallory = await login("mallory@example.org");
    const [alice] = await stack.storage.db
      .select()
      .from(embeddedWalletUsers)
      .where(eq(embeddedWalletUsers.email, "alice@example.org"));
    await stack.storage.db
      .update(embeddedWalletUsers)
      .set({ address: ADDRESS_A, serverShare: alice?.serverShare as string })
      .where(eq(embeddedWalletUsers.email, "mallory@example.org"));
    const response = await getShare(mallory);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(SHARE_A);
    expect(response.body).not.toContain(SHARE_A.slice(2, 20));
  });

  it("never writes a share, a code or a session token into the logs", async () => {
    const text = logLines.join("");
    expect(text).toContain('"url":"/embedded-wallet/wallet/share"'); // the requests above were logged
    for (const secret of [SHARE_A, SHARE_A2, SHARE_B]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(2, 26));
    }
    const codes = stack.mail.messages().map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1] as string);
    expect(codes.length).toBeGreaterThan(3);
    for (const code of codes) expect(text).not.toContain(`"${code}"`);
    expect(text).not.toMatch(/Bearer [0-9a-f]{64}/);
  });
});
