import { createHash } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import * as oidc from "openid-client";
import type { SocialConnectResponse } from "../../src/lib/api/embedded-wallet.ts";
import { ApiError } from "../http/api-error.ts";
import type { Storage } from "../storage/database.ts";
import { embeddedWalletIdentities, embeddedWalletSocialFlows } from "../storage/schema.ts";
import type { WalletSessions } from "./sessions.ts";
import { ensureUser, normalEmail, publicUser, userById } from "./wallet-users.ts";

/** A configured OpenID Connect provider (app.json walletKit.socialLogin, secret from OIDC_<PROVIDER>_CLIENT_SECRET). */
export interface SocialProviderSettings {
  readonly issuer: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  readonly clientSecret?: string;
}

/** A login must come back from the provider within 10 minutes of its start. */
export const SOCIAL_FLOW_TTL_MS = 10 * 60_000;

/** Where providers send the user back (to register at each provider). */
export const socialCallbackPath = "/embedded-wallet/social/callback";

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");
const isLoopback = (url: URL) =>
  url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";

/** The most specific message of an error and its causes (the OIDC library wraps the failed check's error). */
function innermostMessage(error: unknown): string {
  let message = String(error);
  for (let at = error; at instanceof Error; at = at.cause) message = at.message;
  return message;
}

const refused = (message: string) => new ApiError(400, "social_login_refused", message, "uri");

/**
 * Social login as an OIDC client (authorization code flow with PKCE, state and nonce): `start` gives the provider's
 * authorization URL for the popup; `connect` takes the URL the provider sent the popup back to, checks its state,
 * exchanges the code (with the flow's PKCE verifier), verifies the ID token (signature from the provider's JWKS,
 * issuer, audience, expiry, nonce) and opens a session for the user of (issuer, subject).
 */
export function createSocialLogin(input: {
  readonly storage: Storage;
  readonly sessions: WalletSessions;
  readonly providers: Readonly<Record<string, SocialProviderSettings>>;
  readonly secureOrigin: string;
  readonly now: () => Date;
}) {
  const { storage, sessions, providers, now } = input;
  const redirectUri = `${input.secureOrigin}${socialCallbackPath}`;
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  function settingsOf(provider: string): SocialProviderSettings {
    const settings = Object.hasOwn(providers, provider) ? providers[provider] : undefined;
    if (!settings)
      throw new ApiError(
        400,
        "social_provider_unknown",
        `Social login with "${provider}" is not configured here; configured: ${Object.keys(providers).join(", ") || "none"}`,
        "provider",
      );
    return settings;
  }

  function configurationOf(provider: string): Promise<oidc.Configuration> {
    const settings = settingsOf(provider);
    let found = discovered.get(provider);
    if (!found) {
      const issuer = new URL(settings.issuer);
      found = oidc.discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        settings.clientSecret === undefined ? oidc.None() : undefined,
        // Plain http only for a provider on this machine (tests, the devnet).
        isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      // A failed discovery is tried again on the next login.
      found.catch(() => discovered.delete(provider));
      discovered.set(provider, found);
    }
    return found.catch((error: unknown) => {
      throw new ApiError(
        502,
        "social_provider_unavailable",
        `Failed to initiate social connection: ${provider}'s sign-in service did not answer (${(error as Error).message})`,
      );
    });
  }

  async function start(provider: string): Promise<{ uri: string }> {
    const configuration = await configurationOf(provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await storage.db.delete(embeddedWalletSocialFlows).where(lt(embeddedWalletSocialFlows.expiresAt, now()));
    await storage.db.insert(embeddedWalletSocialFlows).values({
      stateHash: hashState(state),
      provider,
      codeVerifier,
      nonce,
      expiresAt: new Date(now().getTime() + SOCIAL_FLOW_TTL_MS),
    });
    const uri = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: settingsOf(provider).scopes.join(" "),
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
    });
    return { uri: uri.href };
  }

  /** The flow `state` started, taken (a state works once). */
  async function takeFlow(state: string) {
    const [flow] = await storage.db
      .delete(embeddedWalletSocialFlows)
      .where(
        and(eq(embeddedWalletSocialFlows.stateHash, hashState(state)), gt(embeddedWalletSocialFlows.expiresAt, now())),
      )
      .returning();
    return flow;
  }

  async function connect(resultUri: string, deviceId: string): Promise<SocialConnectResponse> {
    let result: URL;
    try {
      result = new URL(resultUri);
    } catch {
      throw refused(`Expected the URL the sign-in page returned to, starting with ${redirectUri}`);
    }
    if (`${result.origin}${result.pathname}` !== redirectUri)
      throw refused(`Expected the URL the sign-in page returned to, starting with ${redirectUri}`);
    const state = result.searchParams.get("state");
    const flow = state ? await takeFlow(state) : undefined;
    if (!flow) throw refused("This social login is unknown or expired (over 10 minutes): start it again");
    const error = result.searchParams.get("error");
    if (error) throw refused(`The sign-in was not completed: ${result.searchParams.get("error_description") ?? error}`);
    const configuration = await configurationOf(flow.provider);
    let claims: (oidc.IDToken & { email?: unknown; email_verified?: unknown; name?: unknown }) | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, result, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: state ?? undefined,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      // Some providers give the e-mail and name only at the userinfo endpoint.
      if (claims && claims.email === undefined)
        claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
    } catch (cause) {
      throw refused(`The sign-in could not be verified: ${innermostMessage(cause)}`);
    }
    if (!claims) throw refused("The sign-in could not be verified: the provider sent no ID token");
    const userName = typeof claims.name === "string" ? claims.name : undefined;
    const userId = await userIdOf(claims.iss, claims.sub, claims.email_verified === true ? claims.email : undefined);
    await storage.db
      .update(embeddedWalletIdentities)
      .set({ userName: userName ?? null })
      .where(and(eq(embeddedWalletIdentities.issuer, claims.iss), eq(embeddedWalletIdentities.subject, claims.sub)));
    const user = await userById(storage, userId);
    if (!user) throw new Error("a social identity's user vanished");
    const token = await sessions.open(userId, deviceId);
    return { token, user: publicUser(user), ...(userName ? { userName } : {}) };
  }

  /** The user of (issuer, subject); a new identity joins the user of its verified e-mail address. */
  async function userIdOf(issuer: string, subject: string, email: unknown): Promise<string> {
    const known = await identityUser(issuer, subject);
    if (known) return known;
    if (typeof email !== "string")
      throw refused("The provider did not share a verified e-mail address: allow access to it, or log in by e-mail");
    const user = await ensureUser(storage, normalEmail(email));
    await storage.db
      .insert(embeddedWalletIdentities)
      .values({ issuer, subject, userId: user.id })
      .onConflictDoNothing();
    return (await identityUser(issuer, subject)) ?? user.id;
  }

  async function identityUser(issuer: string, subject: string): Promise<string | undefined> {
    const [row] = await storage.db
      .select({ userId: embeddedWalletIdentities.userId })
      .from(embeddedWalletIdentities)
      .where(and(eq(embeddedWalletIdentities.issuer, issuer), eq(embeddedWalletIdentities.subject, subject)));
    return row?.userId;
  }

  return { start, connect, redirectUri, providers: Object.keys(providers) };
}

export type SocialLogin = ReturnType<typeof createSocialLogin>;
