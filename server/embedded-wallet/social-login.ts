import { createHash } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import * as oidc from "openid-client";
import { embeddedWalletPaths, type SocialConnectResponse } from "../../src/core/api/embedded-wallet.ts";
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
/** Once back, the frame has 2 minutes to turn the result into a session. */
export const SOCIAL_RESULT_TTL_MS = 2 * 60_000;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const isLoopback = (url: URL) =>
  url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";

/** The most specific message of an error and its causes (the OIDC library wraps the failed check's error). */
function innermostMessage(error: unknown): string {
  let message = String(error);
  for (let at = error; at instanceof Error; at = at.cause) message = at.message;
  return message;
}

const refused = (message: string) => new ApiError(400, "social_login_refused", message);

/**
 * Social login as an OIDC client (authorization code flow with PKCE, state and nonce), bound to the frame that
 * starts it. `start` takes the frame's device id and the SHA-256 of a key only that frame holds, and gives the
 * provider's authorization URL for the popup. The provider sends the popup back to `callback`, which checks the
 * state (once), exchanges the code (with the flow's PKCE verifier), verifies the ID token (signature from the
 * provider's JWKS, issuer, audience, expiry, nonce) and records the user on the flow: the popup's page then tells
 * the app only "done". `connect` is the frame's: with its key and device id, once and within 2 minutes, it turns
 * the recorded user into a session. Nothing the app page sees (the authorization URL, "done") can be redeemed.
 */
export function createSocialLogin(input: {
  readonly storage: Storage;
  readonly sessions: WalletSessions;
  readonly providers: Readonly<Record<string, SocialProviderSettings>>;
  readonly secureOrigin: string;
  readonly now: () => Date;
}) {
  const { storage, sessions, providers, now } = input;
  // Where providers send the user back (to register at each provider).
  const redirectUri = `${input.secureOrigin}${embeddedWalletPaths.socialCallback}`;
  const discovered = new Map<string, Promise<oidc.Configuration>>();
  const flows = embeddedWalletSocialFlows;

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

  async function start(provider: string, deviceId: string, frameKeyHash: string): Promise<{ uri: string }> {
    const configuration = await configurationOf(provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await storage.db.delete(flows).where(lt(flows.expiresAt, now()));
    const inserted = await storage.db
      .insert(flows)
      .values({
        stateHash: sha256(state),
        provider,
        codeVerifier,
        nonce,
        deviceId,
        frameKeyHash: frameKeyHash.toLowerCase(),
        expiresAt: new Date(now().getTime() + SOCIAL_FLOW_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ stateHash: flows.stateHash });
    if (inserted.length === 0)
      throw new ApiError(
        400,
        "frame_key_used",
        "This frame key started another social login already: use a new one",
        "frameKeyHash",
      );
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

  /** What the provider's answer gave: the user, or why not (kept for the frame; the popup's page shows neither). */
  async function verify(
    flow: typeof flows.$inferSelect,
    result: URL,
  ): Promise<{ userId: string; userName: string | null } | { failure: string }> {
    const error = result.searchParams.get("error");
    if (error)
      return { failure: `The sign-in was not completed: ${result.searchParams.get("error_description") ?? error}` };
    const configuration = await configurationOf(flow.provider);
    let claims: (oidc.IDToken & { email?: unknown; email_verified?: unknown; name?: unknown }) | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, result, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: result.searchParams.get("state") ?? undefined,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      // Some providers give the e-mail and name only at the userinfo endpoint.
      if (claims && claims.email === undefined)
        claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
    } catch (cause) {
      return { failure: `The sign-in could not be verified: ${innermostMessage(cause)}` };
    }
    if (!claims) return { failure: "The sign-in could not be verified: the provider sent no ID token" };
    const userName = typeof claims.name === "string" ? claims.name : null;
    const email = claims.email_verified === true ? claims.email : undefined;
    const userId = await userIdOf(claims.iss, claims.sub, email);
    if (!userId)
      return {
        failure: "The provider did not share a verified e-mail address: allow access to it, or log in by e-mail",
      };
    await storage.db
      .update(embeddedWalletIdentities)
      .set({ userName })
      .where(and(eq(embeddedWalletIdentities.issuer, claims.iss), eq(embeddedWalletIdentities.subject, claims.sub)));
    return { userId, userName };
  }

  /**
   * The redirect URI's request (path and query as received): takes the flow of its state (once, within 10
   * minutes), verifies the provider's answer and records the outcome on the flow for the frame.
   */
  async function callback(pathAndQuery: string): Promise<void> {
    const result = new URL(pathAndQuery, input.secureOrigin);
    if (`${result.origin}${result.pathname}` !== redirectUri) return;
    const state = result.searchParams.get("state");
    if (!state) return;
    const [flow] = await storage.db
      .update(flows)
      .set({ returnedAt: now() })
      .where(and(eq(flows.stateHash, sha256(state)), isNull(flows.returnedAt), gt(flows.expiresAt, now())))
      .returning();
    if (!flow) return;
    const outcome = await verify(flow, result).catch((error: unknown) => ({
      failure:
        error instanceof ApiError ? error.message : "The sign-in could not be verified right now: start it again",
    }));
    await storage.db
      .update(flows)
      .set({
        ...("failure" in outcome
          ? { failure: outcome.failure }
          : { userId: outcome.userId, userName: outcome.userName }),
        expiresAt: new Date(now().getTime() + SOCIAL_RESULT_TTL_MS),
      })
      .where(eq(flows.stateHash, flow.stateHash));
  }

  /** The frame's redemption: its device id and its key; once, within 2 minutes of the provider's answer. */
  async function connect(deviceId: string, frameKey: string): Promise<SocialConnectResponse> {
    const [flow] = await storage.db
      .delete(flows)
      .where(eq(flows.frameKeyHash, sha256(frameKey)))
      .returning();
    if (!flow) throw refused("This social login is unknown or was used already: start it again");
    if (flow.deviceId !== deviceId)
      throw refused("This social login was started in another browser: start it again here");
    if (flow.expiresAt <= now())
      throw refused(
        flow.returnedAt
          ? "This social login's result has expired (over 2 minutes): start it again"
          : "This social login is unknown or expired (over 10 minutes): start it again",
      );
    if (!flow.returnedAt) throw refused("The sign-in has not come back from the provider: start it again");
    if (flow.failure !== null || !flow.userId) throw refused(flow.failure ?? "The sign-in could not be verified");
    const user = await userById(storage, flow.userId);
    if (!user) throw refused("This account no longer exists: start again");
    const token = await sessions.open(user.id, deviceId);
    return { token, user: publicUser(user), ...(flow.userName ? { userName: flow.userName } : {}) };
  }

  /** The user of (issuer, subject); a new identity joins the user of its verified e-mail address. */
  async function userIdOf(issuer: string, subject: string, email: unknown): Promise<string | undefined> {
    const known = await identityUser(issuer, subject);
    if (known) return known;
    if (typeof email !== "string") return undefined;
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

  return { start, callback, connect, redirectUri, providers: Object.keys(providers) };
}

export type SocialLogin = ReturnType<typeof createSocialLogin>;
