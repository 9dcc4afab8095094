import type { FastifyInstance } from "fastify";
import type { ReceivedMail } from "../../devnet/mail/received-mail.ts";
import { type RunningMailServer, startMailServer } from "../../devnet/mail/start-mail-server.ts";
import { buildServer } from "../../server/app.ts";
import { parseEnv } from "../../server/config/env.ts";
import type { SecureServerOptions } from "../../server/embedded-wallet/secure-server.ts";
import { openStorage, type Storage } from "../../server/storage/database.ts";

export const TEST_SECURE_ORIGIN = "http://127.0.0.1:48111";
export const TEST_APP_ORIGIN = "http://127.0.0.1:48110";
/** A test-only share key (never used outside tests). */
export const TEST_SHARE_KEY = "11".repeat(32);

export interface EmbeddedWalletStack {
  readonly app: FastifyInstance;
  /** The secure origin's server (inject() into it). */
  readonly secure: FastifyInstance;
  readonly mail: RunningMailServer;
  readonly storage: Storage;
  /** Moves the wallet's clock (codes, sessions, links) forward. */
  advance(ms: number): void;
  /**
   * The newest e-mail to `to` among those that arrived after the first `since` ones. The mail server stores a
   * message before it acknowledges it, so a mail the API sent is there when its request has been answered.
   */
  nextMail(to: string, since: number): ReceivedMail;
  /** How many e-mails arrived so far. */
  mailCount(): number;
  stop(): Promise<void>;
}

/**
 * The staking server with the embedded wallet on (PGlite in memory, the devnet's real SMTP server and inbox),
 * for the embedded wallet's tests. `env` adds or overrides variables.
 */
export async function startEmbeddedWalletStack(
  options: {
    env?: NodeJS.ProcessEnv;
    deviceWaitMs?: number;
    devicePollMs?: number;
    /** Log lines of the secure origin (at LOG_LEVEL, default silent) go here. */
    logStream?: { write(line: string): void };
    /** A PostgreSQL server instead of PGlite in memory (several stacks on one database act as instances). */
    databaseUrl?: string;
    /** PGlite's folder when no databaseUrl (default: in memory), so a later stack opens the same data. */
    dataDir?: string;
    /** A mail server to share (stop() leaves it running); default: one of its own. */
    mail?: RunningMailServer;
    /** Social login providers (default: app.json's). */
    socialProviders?: SecureServerOptions["socialProviders"];
  } = {},
): Promise<EmbeddedWalletStack> {
  const mail = options.mail ?? (await startMailServer());
  const storage = await openStorage({ databaseUrl: options.databaseUrl, dataDir: options.dataDir ?? "memory://" });
  let offsetMs = 0;
  const config = parseEnv({
    LOG_LEVEL: "silent",
    PUBLIC_BASE_URL: TEST_APP_ORIGIN,
    SECURE_ORIGIN: TEST_SECURE_ORIGIN,
    EMBEDDED_WALLET_SHARE_KEY: TEST_SHARE_KEY,
    SMTP_URL: mail.smtpUrl,
    ...options.env,
  });
  const app = await buildServer(config, storage, {
    logger: false,
    embeddedWallet: {
      ...(options.logStream ? { logStream: options.logStream } : {}),
      now: () => new Date(Date.now() + offsetMs),
      ...(options.deviceWaitMs === undefined ? {} : { deviceWaitMs: options.deviceWaitMs }),
      ...(options.devicePollMs === undefined ? {} : { devicePollMs: options.devicePollMs }),
      ...(options.socialProviders ? { socialProviders: options.socialProviders } : {}),
    },
  });
  const secure = app.embeddedWalletSecure;
  if (!secure)
    throw new Error("the embedded wallet did not start: SECURE_ORIGIN is set but no secure server was built");
  await app.ready();
  await secure.ready();
  return {
    app,
    secure,
    mail,
    storage,
    advance: (ms) => {
      offsetMs += ms;
    },
    mailCount: () => mail.messages().length,
    nextMail(to, since) {
      const messages = mail.messages();
      const found = messages.slice(0, messages.length - since).find((message) => message.to.includes(to));
      if (!found) throw new Error(`no new e-mail to ${to}; the inbox has ${messages.length - since} new`);
      return found;
    },
    async stop() {
      await app.close();
      await storage.close();
      if (!options.mail) await mail.stop();
    },
  };
}

/** The 6-digit code in a code e-mail's text. */
export const codeIn = (mail: ReceivedMail) => /\b(\d{6})\b/.exec(mail.text)?.[1] as string;
