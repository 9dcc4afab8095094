import { eq } from "drizzle-orm";
import { keccak256, stringToBytes } from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { combineShares, splitKey } from "../../src/secure-frame/keys/shamir.ts";
import { loginHeaders } from "../../tests/support/embedded-wallet-login.ts";
import {
  type EmbeddedWalletStack,
  startEmbeddedWalletStack,
  TEST_SECURE_ORIGIN,
} from "../../tests/support/embedded-wallet-stack.ts";
import { embeddedWalletUsers } from "../storage/schema.ts";

/**
 * Issue 25 item 2: after the first share, only the wallet's own key can replace the server's share. Probed on
 * the old server: a second session's PUT of a garbage share for the same address got 204 and was kept, which
 * locked the wallet (neither device + server nor recovery + server gave the key back).
 */
let stack: EmbeddedWalletStack;
const DEVICE = "device-replacement-0123456789";

beforeAll(async () => {
  stack = await startEmbeddedWalletStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

type Headers = Record<string, string>;
const put = (headers: Headers, payload: object) =>
  stack.secure.inject({ method: "PUT", url: "/embedded-wallet/wallet", headers, payload });
const storedShare = async (headers: Headers) =>
  (await stack.secure.inject({ method: "GET", url: "/embedded-wallet/wallet/share", headers })).json() as {
    address: string;
    serverShare: string;
  };
const newNonce = async (headers: Headers) => {
  const response = await stack.secure.inject({ method: "POST", url: "/embedded-wallet/wallet/nonce", headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { nonce: string }).nonce;
};

/** The message of the secure origin's OpenAPI document, written out here so its format is pinned. */
const message = (wallet: string, address: string, serverShare: string, nonce: string) =>
  `Store a new server share for this embedded wallet.\n\nOrigin: ${TEST_SECURE_ORIGIN}\nWallet: ${wallet}\nNew share for: ${address}\nShare commitment: ${keccak256(stringToBytes(serverShare))}\nNonce: ${nonce}`;

const signedBody = async (
  signer: PrivateKeyAccount,
  wallet: string,
  address: string,
  serverShare: string,
  nonce: string,
) => ({
  address,
  serverShare,
  proof: { nonce, signature: await signer.signMessage({ message: message(wallet, address, serverShare, nonce) }) },
});

/** A user with a wallet whose first share went in on session `first`; a second session of the same user. */
async function walletUser(email: string) {
  const key = generatePrivateKey();
  const wallet = privateKeyToAccount(key);
  const shares = splitKey(key);
  const first = await loginHeaders(stack, email, DEVICE);
  expect((await put(first, { address: wallet.address, serverShare: shares.server })).statusCode).toBe(204);
  const second = await loginHeaders(stack, email, DEVICE);
  return { key, wallet, shares, first, second };
}

describe("replacing the server's share", () => {
  it("refuses a second session's share without the wallet's signature, and keeps the stored one", async () => {
    const { wallet, shares, second } = await walletUser("lock-attempt@example.org");
    const garbage = `2-${"ab".repeat(32)}`;
    const refused = await put(second, { address: wallet.address, serverShare: garbage });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: "wallet_signature_required",
      message: `This account already has a wallet, ${wallet.address}: a new server share is stored only with that wallet's signature over it (proof, with a nonce from POST /embedded-wallet/wallet/nonce)`,
      field: "proof",
    });
    // Another address, unsigned, is refused the same way.
    const other = privateKeyToAccount(generatePrivateKey()).address;
    expect((await put(second, { address: other, serverShare: garbage })).json().code).toBe("wallet_signature_required");
    const kept = await storedShare(second);
    expect(kept).toEqual({ address: wallet.address, serverShare: shares.server });
    expect(privateKeyToAccount(combineShares(shares.device, kept.serverShare)).address).toBe(wallet.address);
  });

  it("refuses a signature by another key, or by the wallet's key over another share, and keeps the stored one", async () => {
    const { wallet, shares, second } = await walletUser("wrong-signature@example.org");
    const garbage = `2-${"cd".repeat(32)}`;
    const stranger = privateKeyToAccount(generatePrivateKey());
    const byStranger = await put(
      second,
      await signedBody(stranger, wallet.address, wallet.address, garbage, await newNonce(second)),
    );
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json()).toEqual({
      code: "wallet_signature_invalid",
      message: `The signature is not by this account's wallet, ${wallet.address}, over this share, address and nonce: sign the share message with the wallet's own key`,
      field: "proof.signature",
    });
    // The wallet's key signed a share, and another one is sent with that signature.
    const signed = await signedBody(
      wallet,
      wallet.address,
      wallet.address,
      splitKey(generatePrivateKey()).server,
      await newNonce(second),
    );
    expect((await put(second, { ...signed, serverShare: garbage })).json().code).toBe("wallet_signature_invalid");
    // A nonce this server never issued.
    const unissued = await put(
      second,
      await signedBody(wallet, wallet.address, wallet.address, garbage, "ef".repeat(32)),
    );
    expect(unissued.statusCode).toBe(403);
    expect(unissued.json()).toEqual({
      code: "share_nonce_unknown",
      message:
        "This nonce was not issued to this account, was already used or has expired (nonces work once, for 10 minutes): ask POST /embedded-wallet/wallet/nonce for a new one",
      field: "proof.nonce",
    });
    expect(await storedShare(second)).toEqual({ address: wallet.address, serverShare: shares.server });
  });

  it("takes a re-split signed by the wallet's key, once: the same request again is refused", async () => {
    const { key, wallet, second } = await walletUser("resplit@example.org");
    const fresh = splitKey(key);
    const body = await signedBody(wallet, wallet.address, wallet.address, fresh.server, await newNonce(second));
    expect((await put(second, body)).statusCode).toBe(204);
    const stored = await storedShare(second);
    expect(stored).toEqual({ address: wallet.address, serverShare: fresh.server });
    expect(privateKeyToAccount(combineShares(fresh.device, stored.serverShare)).address).toBe(wallet.address);
    // Replayed (say, to put the previous share back): the nonce went with the first use.
    const replay = await put(second, body);
    expect(replay.statusCode).toBe(403);
    expect(replay.json().code).toBe("share_nonce_unknown");
    expect((await storedShare(second)).serverShare).toBe(fresh.server);
  });

  it("refuses a nonce issued to another account, and one older than 10 minutes", async () => {
    const { key, wallet, second } = await walletUser("nonce-owner@example.org");
    const other = await walletUser("nonce-thief@example.org");
    const theirs = await newNonce(other.second);
    const fresh = splitKey(key);
    const withTheirs = await put(
      second,
      await signedBody(wallet, wallet.address, wallet.address, fresh.server, theirs),
    );
    expect(withTheirs.json().code).toBe("share_nonce_unknown");
    const nonce = await newNonce(second);
    stack.advance(10 * 60_000 + 1_000);
    const late = await put(second, await signedBody(wallet, wallet.address, wallet.address, fresh.server, nonce));
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe("share_nonce_unknown");
  });

  it("moves the account to a new wallet's address on the old wallet's signature; the old key signs nothing after", async () => {
    const { wallet, second } = await walletUser("move@example.org");
    const nextKey = generatePrivateKey();
    const next = privateKeyToAccount(nextKey);
    const nextShares = splitKey(nextKey);
    const moved = await put(
      second,
      await signedBody(wallet, wallet.address, next.address, nextShares.server, await newNonce(second)),
    );
    expect(moved.statusCode).toBe(204);
    expect(await storedShare(second)).toEqual({ address: next.address, serverShare: nextShares.server });
    const [row] = await stack.storage.db
      .select({ address: embeddedWalletUsers.address })
      .from(embeddedWalletUsers)
      .where(eq(embeddedWalletUsers.email, "move@example.org"));
    expect(row?.address).toBe(next.address);
    // The old key no longer speaks for this account.
    const back = await put(
      second,
      await signedBody(wallet, wallet.address, wallet.address, `2-${"12".repeat(32)}`, await newNonce(second)),
    );
    expect(back.json()).toMatchObject({ code: "wallet_signature_invalid", field: "proof.signature" });
    expect((await storedShare(second)).serverShare).toBe(nextShares.server);
  });

  it("gives no nonce to an account without a wallet", async () => {
    const headers = await loginHeaders(stack, "no-wallet-yet@example.org", DEVICE);
    const response = await stack.secure.inject({ method: "POST", url: "/embedded-wallet/wallet/nonce", headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "no_wallet", message: "This account has no wallet yet: create one first" });
  });
});
