import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { PublicClient } from "viem";
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from "viem/siwe";
import { ApiError } from "../http/api-error.ts";
import type { Storage } from "../storage/database.ts";
import { siweNonces, siweSessions } from "../storage/schema.ts";
import { assertSignatureForm, checkSignature } from "./check-signature.ts";

/** A nonce is good for 10 minutes, a session for 24 hours at most (less when the message expires sooner). */
export const NONCE_TTL_MS = 10 * 60_000;
export const SESSION_TTL_MS = 24 * 60 * 60_000;

const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])$/;

export interface SiweSession {
  readonly address: `0x${string}`;
  readonly chainId: number;
  readonly expiresAt: string;
}

export interface SiweServiceOptions {
  readonly storage: Storage;
  /** Origins whose pages may sign in (the CORS allowlist); empty allows loopback pages only (local stack). */
  readonly allowedOrigins: readonly string[];
  /** Chain ids of the environments this server serves. */
  readonly chainIds: readonly number[];
  /** A client per served chain (the server's own upstreams), to ask contract wallets about their signatures. */
  readonly chains: ReadonlyMap<number, PublicClient>;
  readonly now?: () => Date;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const badMessage = (code: string, message: string) => new ApiError(400, code, message, "message");

/**
 * Sign-in with Ethereum (EIP-4361) for the wallet kit: single-use nonces, and sessions stored in the database
 * after the message's domain, URI, chain, time window, nonce and signature all check out. Signatures are
 * checked like viem's verifySiweMessage: an account's key, or a contract wallet (EIP-1271, ERC-6492) asked on
 * the message's chain. Expired nonces and sessions are deleted whenever new ones are issued.
 */
export function createSiweService(options: SiweServiceOptions) {
  const { storage } = options;
  const now = options.now ?? (() => new Date());
  const allowedHosts = new Set(options.allowedOrigins.map((origin) => new URL(origin).host));
  const domainAllowed = (domain: string) =>
    allowedHosts.size > 0 ? allowedHosts.has(domain) : LOOPBACK_HOST.test(new URL(`http://${domain}`).hostname);

  return {
    /** Issues a nonce good for one sign-in within NONCE_TTL_MS. */
    async issueNonce(): Promise<{ nonce: string; expiresAt: string }> {
      const nonce = generateSiweNonce();
      const expiresAt = new Date(now().getTime() + NONCE_TTL_MS);
      await storage.db.delete(siweNonces).where(lt(siweNonces.expiresAt, now()));
      await storage.db.insert(siweNonces).values({ nonce, expiresAt });
      return { nonce, expiresAt: expiresAt.toISOString() };
    },

    /** Checks a signed message and opens a session; throws ApiError (400 / 401 / 503) naming what is wrong. */
    async verify(
      body: { message: string; signature: string },
      requestOrigin: string | undefined,
    ): Promise<SiweSession & { token: string }> {
      const { signature } = body;
      assertSignatureForm(signature);
      const fields = parseSiweMessage(body.message);
      const { address, chainId, domain, nonce, uri } = fields;
      if (!address || !chainId || !domain || !nonce || !uri || fields.version !== "1") {
        throw badMessage("invalid_message", "message: expected an EIP-4361 sign-in message (version 1)");
      }
      if (!domainAllowed(domain)) {
        throw badMessage("domain_not_allowed", `message: the domain "${domain}" may not sign in here`);
      }
      let uriOrigin: URL;
      try {
        uriOrigin = new URL(uri);
      } catch {
        throw badMessage("invalid_message", "message: expected a URI such as https://app.example");
      }
      if (uriOrigin.host !== domain || (requestOrigin !== undefined && requestOrigin !== uriOrigin.origin)) {
        throw badMessage("domain_mismatch", "message: its domain and URI must be the page asking to sign in");
      }
      if (!options.chainIds.includes(chainId)) {
        throw badMessage(
          "chain_not_served",
          `message: chain ${chainId} is not served here: expected one of ${options.chainIds.join(", ")}`,
        );
      }
      const times = {
        "Issued At": fields.issuedAt,
        "Expiration Time": fields.expirationTime,
        "Not Before": fields.notBefore,
      };
      for (const [label, time] of Object.entries(times)) {
        if (time !== undefined && Number.isNaN(time.getTime())) {
          throw badMessage(
            "invalid_message",
            `message: its ${label} is not a date: expected ISO 8601, such as 2026-01-01T00:00:00Z`,
          );
        }
      }
      if (!validateSiweMessage({ message: fields, domain, time: now() })) {
        throw badMessage("message_expired", "message: it is expired or not valid yet");
      }
      await checkSignature(
        { chainId, client: options.chains.get(chainId) },
        { address, message: body.message, signature },
      );
      const used = await storage.db
        .delete(siweNonces)
        .where(and(eq(siweNonces.nonce, nonce), gt(siweNonces.expiresAt, now())))
        .returning({ nonce: siweNonces.nonce });
      if (used.length === 0) {
        throw badMessage("nonce_invalid", "message: its nonce is unknown, expired or already used: ask for a new one");
      }
      const token = randomBytes(32).toString("hex");
      const latest = now().getTime() + SESSION_TTL_MS;
      const expiresAt = new Date(Math.min(latest, fields.expirationTime?.getTime() ?? latest));
      await storage.db.delete(siweSessions).where(lt(siweSessions.expiresAt, now()));
      await storage.db
        .insert(siweSessions)
        .values({ tokenHash: hashToken(token), address, chainId, domain, expiresAt });
      return { token, address, chainId, expiresAt: expiresAt.toISOString() };
    },

    /** The live session a bearer token stands for, if any. */
    async session(token: string): Promise<SiweSession | undefined> {
      const [row] = await storage.db
        .select()
        .from(siweSessions)
        .where(and(eq(siweSessions.tokenHash, hashToken(token)), gt(siweSessions.expiresAt, now())));
      return row
        ? { address: row.address as `0x${string}`, chainId: row.chainId, expiresAt: row.expiresAt.toISOString() }
        : undefined;
    },

    /** Ends the session of a bearer token (sign-out): the token stops working at once. */
    async signOut(token: string): Promise<void> {
      await storage.db.delete(siweSessions).where(eq(siweSessions.tokenHash, hashToken(token)));
    },
  };
}

export type SiweService = ReturnType<typeof createSiweService>;
