import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type EmbeddedWalletStack,
  startEmbeddedWalletStack,
  TEST_SECURE_ORIGIN,
} from "../testing/embedded-wallet-stack.ts";
import { followToRedirect, type LocalOidcProvider, startLocalOidcProvider } from "../testing/local-oidc-provider.ts";

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

async function authorizationUrl(): Promise<string> {
  const started = await post("/embedded-wallet/social/start", { provider: "google" });
  expect(started.statusCode).toBe(200);
  return started.json().uri;
}

describe("social login through OpenID Connect", () => {
  it("sends the popup to the provider with PKCE (S256), state, nonce and the secure origin's redirect URI", async () => {
    const uri = new URL(await authorizationUrl());
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
    const first = await post("/embedded-wallet/social/connect", {
      uri: await followToRedirect(await authorizationUrl(), REDIRECT_URI),
      deviceId: DEVICE,
    });
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

    const second = await post("/embedded-wallet/social/connect", {
      uri: await followToRedirect(await authorizationUrl(), REDIRECT_URI),
      deviceId: DEVICE,
    });
    expect(second.json().user).toEqual({ email: "social.user@example.org", address: ADDRESS });
    expect(second.json().token).not.toBe(first.json().token);
    const session = await stack.secure.inject({
      method: "GET",
      url: "/embedded-wallet/session",
      headers: { authorization: `Bearer ${second.json().token}` },
    });
    expect(session.json().user.address).toBe(ADDRESS);
  });

  it("refuses a result whose state was tampered with, and a result used twice", async () => {
    const result = new URL(await followToRedirect(await authorizationUrl(), REDIRECT_URI));
    const tampered = new URL(result);
    tampered.searchParams.set("state", `${result.searchParams.get("state")}x`);
    const refused = await post("/embedded-wallet/social/connect", { uri: tampered.href, deviceId: DEVICE });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: "social_login_refused",
      message: "This social login is unknown or expired (over 10 minutes): start it again",
      field: "uri",
    });

    expect((await post("/embedded-wallet/social/connect", { uri: result.href, deviceId: DEVICE })).statusCode).toBe(
      200,
    );
    const replayed = await post("/embedded-wallet/social/connect", { uri: result.href, deviceId: DEVICE });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe("social_login_refused");
  });

  it("refuses an ID token carrying another nonce than the one the login was started with", async () => {
    const uri = new URL(await authorizationUrl());
    uri.searchParams.set("nonce", "a-nonce-the-server-never-issued");
    const refused = await post("/embedded-wallet/social/connect", {
      uri: await followToRedirect(uri.href, REDIRECT_URI),
      deviceId: DEVICE,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("social_login_refused");
    expect(refused.json().message).toBe('The sign-in could not be verified: unexpected ID Token "nonce" claim value');
  });

  it("lists the configured providers in the app origin's embedded-wallet config", async () => {
    expect((await stack.app.inject("/embedded-wallet/config")).json()).toEqual({
      enabled: true,
      secureOrigin: "http://127.0.0.1:48111",
      socials: ["google"],
    });
  });

  it("refuses a result that is not the secure origin's callback, and a provider not configured", async () => {
    const elsewhere = await post("/embedded-wallet/social/connect", {
      uri: "https://evil.example/embedded-wallet/social/callback?code=a&state=b",
      deviceId: DEVICE,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(
      "Expected the URL the sign-in page returned to, starting with http://127.0.0.1:48111/embedded-wallet/social/callback",
    );
    const github = await post("/embedded-wallet/social/start", { provider: "github" });
    expect(github.statusCode).toBe(400);
    expect(github.json()).toEqual({
      code: "social_provider_unknown",
      message: 'Social login with "github" is not configured here; configured: google',
      field: "provider",
    });
  });

  it("serves the redirect URI's page: it posts the result only to allowed host pages, under a CSP of its own", async () => {
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
