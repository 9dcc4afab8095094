import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareProofMessage } from "../../src/core/embedded-wallet/share-proof.ts";
import { loginHeaders } from "../../tests/support/embedded-wallet-login.ts";
import {
  codeIn,
  type EmbeddedWalletStack,
  startEmbeddedWalletStack,
  TEST_SECURE_ORIGIN,
} from "../../tests/support/embedded-wallet-stack.ts";

/**
 * Issue 25 item 4: a changed login e-mail or a restored wallet ends the user's other sessions (a lost or taken
 * browser is signed out); the session that made the change goes on.
 */
let stack: EmbeddedWalletStack;
/** The wallet's key (the devnet's dev account 3): a replacement share must be signed by it (item 2). */
const WALLET = privateKeyToAccount("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6");
const ADDRESS = WALLET.address;

beforeAll(async () => {
  stack = await startEmbeddedWalletStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const sessionStatus = async (headers: Record<string, string>) =>
  (await stack.secure.inject({ method: "GET", url: "/embedded-wallet/session", headers })).statusCode;
const post = (url: string, headers: Record<string, string>, payload: object) =>
  stack.secure.inject({ method: "POST", url, headers, payload });
const putShare = (headers: Record<string, string>, serverShare: string, proof?: object) =>
  stack.secure.inject({
    method: "PUT",
    url: "/embedded-wallet/wallet",
    headers,
    payload: { address: ADDRESS, serverShare, ...(proof ? { proof } : {}) },
  });
/** A replacement share, signed by the wallet's key over a fresh nonce, as the frame does after a restore. */
async function putSignedShare(headers: Record<string, string>, serverShare: string) {
  const nonce = ((await post("/embedded-wallet/wallet/nonce", headers, {})).json() as { nonce: string }).nonce;
  const message = shareProofMessage({
    origin: TEST_SECURE_ORIGIN,
    wallet: ADDRESS,
    address: ADDRESS,
    serverShare,
    nonce,
  });
  return putShare(headers, serverShare, { nonce, signature: await WALLET.signMessage({ message }) });
}

describe("sessions after a change to the account", () => {
  it("ends every other session when the login e-mail changes, and keeps the one that changed it", async () => {
    const changer = await loginHeaders(stack, "first@example.org", "device-changer-0123456789");
    const other = await loginHeaders(stack, "first@example.org", "device-other-0123456789");
    let before = stack.mailCount();
    await post("/embedded-wallet/email/update", changer, { newEmail: "second@example.org" });
    const primary = codeIn(stack.nextMail("first@example.org", before));
    before = stack.mailCount();
    await post("/embedded-wallet/email/update/primary", changer, { otp: primary });
    const secondary = codeIn(stack.nextMail("second@example.org", before));
    // Until the change is done, both sessions hold.
    expect(await sessionStatus(other)).toBe(200);
    const done = await post("/embedded-wallet/email/update/secondary", changer, { otp: secondary });
    expect(done.statusCode).toBe(200);
    expect(await sessionStatus(changer)).toBe(200);
    const ended = await stack.secure.inject({ method: "GET", url: "/embedded-wallet/session", headers: other });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: "no_session" });
  });

  it("ends every other session when the wallet is restored (a new share stored), but not when it is created", async () => {
    const first = await loginHeaders(stack, "restore@example.org", "device-first-0123456789");
    const second = await loginHeaders(stack, "restore@example.org", "device-second-0123456789");
    expect((await putShare(first, "2:created0123456789")).statusCode).toBe(204);
    expect(await sessionStatus(second)).toBe(200);
    // The second browser restores the wallet (a re-split): the first, maybe a lost device, is signed out.
    expect((await putSignedShare(second, "2:restored0123456789")).statusCode).toBe(204);
    expect(await sessionStatus(second)).toBe(200);
    expect(await sessionStatus(first)).toBe(401);
  });
});
