import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type EmbeddedWalletStack,
  startEmbeddedWalletStack,
  TEST_SECURE_ORIGIN,
} from "../../tests/support/embedded-wallet-stack.ts";
import {
  followToRedirect,
  type LocalOidcProvider,
  startLocalOidcProvider,
} from "../../tests/support/local-oidc-provider.ts";

/** Issue 19 item 4: social login as an OIDC client, against a real local OIDC provider standing in for Google. */
const REDIRECT_URI = "http://127.0.0.1:48111/embedded-wallet/social/callback";
const DEVICE = "social-device-0123456789";
let google: LocalOidcProvider;
let stack: EmbeddedWalletStack;

beforeAll(async () => {
  google = await startLocalOidcProvider({
    redirectUri: REDIRECT_URI,
    account: { sub: "google-user-1", email: "Social.User@Example.org", name: "Social User" },
  });
  stack = await startEmbeddedWalletStack({
    socialProviders: {
      google: { issuer: google.issuer, clientId: google.clientId, scopes: ["openid", "email", "profile"] },
    },
  });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await google?.stop();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  stack.secure.inject({ method: "POST", url, payload, headers });

/** A frame's login key (32 random bytes, hex) and its SHA-256, as the frame makes them. */
const newFrameKey = () => randomBytes(32).toString("hex");
const sha256 = (key: string) => createHash("sha256").update(key).digest("hex");

async function authorizationUrl(frameKey: string, deviceId = DEVICE): Promise<string> {
  const started = await post("/embedded-wallet/social/start", {
    provider: "google",
    deviceId,
    frameKeyHash: sha256(frameKey),
  });
  expect(started.statusCode).toBe(200);
  return started.json().uri;
}

/** The provider sends the popup back: the URL (with code and state) and the secure origin's page for it. */
async function providerReturns(authorization: string) {
  const back = await followToRedirect(authorization, REDIRECT_URI);
  const page = await stack.secure.inject({ method: "GET", url: back.slice(TEST_SECURE_ORIGIN.length) });
  return { back, page };
}

const connect = (frameKey: string, deviceId = DEVICE) =>
  post("/embedded-wallet/social/connect", { deviceId, frameKey });

/** A whole login from the frame's point of view: start, the provider's answer, connect. */
async function socialLogin(deviceId = DEVICE) {
  const key = newFrameKey();
  await providerReturns(await authorizationUrl(key, deviceId));
  return connect(key, deviceId);
}

describe("social login through OpenID Connect", () => {
  it("sends the popup to the provider with PKCE (S256), state, nonce and the secure origin's redirect URI", async () => {
    const uri = new URL(await authorizationUrl(newFrameKey()));
    expect(uri.origin).toBe(google.issuer);
    expect(uri.searchParams.get("redirect_uri")).toBe(`${TEST_SECURE_ORIGIN}/embedded-wallet/social/callback`);
    expect(uri.searchParams.get("client_id")).toBe("stake-app-test");
    expect(uri.searchParams.get("scope")).toBe("openid email profile");
    expect(uri.searchParams.get("code_challenge_method")).toBe("S256");
    expect(uri.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(uri.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(uri.searchParams.get("nonce")).toMatch(/^[\w-]{20,}$/);
  });

  it("logs the provider's user in, and the same user (same wallet address) on a second login", async () => {
    const first = await socialLogin();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      user: { email: "social.user@example.org", address: null },
      userName: "Social User",
    });
    const headers = { authorization: `Bearer ${first.json().token}` };
    const ADDRESS = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    const put = await stack.secure.inject({
      method: "PUT",
      url: "/embedded-wallet/wallet",
      headers,
      payload: { address: ADDRESS, serverShare: "2:abcdef0123456789" },
    });
    expect(put.statusCode).toBe(204);

    const second = await socialLogin();
    expect(second.json().user).toEqual({ email: "social.user@example.org", address: ADDRESS });
    expect(second.json().token).not.toBe(first.json().token);
    const session = await stack.secure.inject({
      method: "GET",
      url: "/embedded-wallet/session",
      headers: { authorization: `Bearer ${second.json().token}` },
    });
    expect(session.json().user.address).toBe(ADDRESS);
  });

  it("opens no session for what the popup's opener sees: the result URL redeems nothing, from any client", async () => {
    const key = newFrameKey();
    const { back, page } = await providerReturns(await authorizationUrl(key));
    // The page the app's popup shows posts only "done": neither the code nor the state is in it.
    const result = new URL(back);
    expect(page.body).not.toContain(result.searchParams.get("code") as string);
    expect(page.body).not.toContain(result.searchParams.get("state") as string);
    expect(page.body).toContain('window.opener.postMessage({ socialLogin: "done" }, origin)');
    // Another client holding the URL the provider sent the popup back to gets no session with it.
    const stolen = await post("/embedded-wallet/social/connect", { uri: back, deviceId: "attacker-device-0123456789" });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().token).toBeUndefined();
    // Nor with a key of its own, and the frame's key works from the frame's device only, once.
    const guessed = await connect(newFrameKey(), "attacker-device-0123456789");
    expect(guessed.json()).toEqual({
      code: "social_login_refused",
      message: "This social login is unknown or was used already: start it again",
    });
    const redeemed = await connect(key);
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().token).toMatch(/^[0-9a-f]{64}$/);
    expect((await connect(key)).json().message).toBe(
      "This social login is unknown or was used already: start it again",
    );
  });

  it("refuses the frame's key from another device id, and the login is spent", async () => {
    const key = newFrameKey();
    await providerReturns(await authorizationUrl(key));
    const elsewhere = await connect(key, "other-device-0123456789");
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({
      code: "social_login_refused",
      message: "This social login was started in another browser: start it again here",
    });
    expect((await connect(key)).statusCode).toBe(400);
  });

  it("keeps the result for 2 minutes after the provider's answer, and a state works once", async () => {
    const late = newFrameKey();
    const { back } = await providerReturns(await authorizationUrl(late));
    stack.advance(2 * 60_000 + 1_000);
    expect((await connect(late)).json()).toEqual({
      code: "social_login_refused",
      message: "This social login's result has expired (over 2 minutes): start it again",
    });
    // The same answer brought back again (a replayed callback) records nothing for another frame's login.
    const other = newFrameKey();
    await authorizationUrl(other);
    await stack.secure.inject({ method: "GET", url: back.slice(TEST_SECURE_ORIGIN.length) });
    expect((await connect(other)).json().message).toBe(
      "The sign-in has not come back from the provider: start it again",
    );
  });

  it("refuses a result whose state was tampered with", async () => {
    const key = newFrameKey();
    const back = new URL(await followToRedirect(await authorizationUrl(key), REDIRECT_URI));
    back.searchParams.set("state", `${back.searchParams.get("state")}x`);
    const page = await stack.secure.inject({ method: "GET", url: `${back.pathname}${back.search}` });
    expect(page.statusCode).toBe(200);
    expect((await connect(key)).json()).toEqual({
      code: "social_login_refused",
      message: "The sign-in has not come back from the provider: start it again",
    });
  });

  it("refuses an ID token carrying another nonce than the one the login was started with", async () => {
    const key = newFrameKey();
    const uri = new URL(await authorizationUrl(key));
    uri.searchParams.set("nonce", "a-nonce-the-server-never-issued");
    await providerReturns(uri.href);
    const refused = await connect(key);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: "social_login_refused",
      message: 'The sign-in could not be verified: unexpected ID Token "nonce" claim value',
    });
  });

  it("lists the configured providers in the app origin's embedded-wallet config", async () => {
    expect((await stack.app.inject("/embedded-wallet/config")).json()).toEqual({
      enabled: true,
      secureOrigin: "http://127.0.0.1:48111",
      socials: ["google"],
    });
  });

  it("refuses a provider not configured, and a start without the frame's key hash", async () => {
    const github = await post("/embedded-wallet/social/start", {
      provider: "github",
      deviceId: DEVICE,
      frameKeyHash: sha256(newFrameKey()),
    });
    expect(github.statusCode).toBe(400);
    expect(github.json()).toEqual({
      code: "social_provider_unknown",
      message: 'Social login with "github" is not configured here; configured: google',
      field: "provider",
    });
    const unbound = await post("/embedded-wallet/social/start", { provider: "google" });
    expect(unbound.statusCode).toBe(400);
    expect(unbound.json()).toMatchObject({ code: "invalid_request" });
  });

  it('serves the redirect URI\'s page: it posts only "done", to allowed host pages, under a CSP of its own', async () => {
    const page = await stack.secure.inject({ method: "GET", url: "/embedded-wallet/social/callback?code=a&state=b" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toMatch(
      /^default-src 'none'; script-src 'sha256-[\w+/]+=*'; frame-ancestors 'none'/,
    );
    expect(page.body).toContain(
      '<script type="application/json" id="allowed-origins">["http://127.0.0.1:48110"]</script>',
    );
  });
});
