import { sql } from "drizzle-orm";
import type { BrowserContext } from "playwright-core";
import type { BeaconParams } from "../../../devnet/beacon/beacon-params.ts";
import { devnetSettings } from "../../../devnet/devnet-settings.ts";
import { type RunningMailServer, startMailServer } from "../../../devnet/mail/start-mail-server.ts";
import { devnetServerConfig, startDevnetServer } from "../../../devnet/stack.ts";
import { type RunningDevnet, startDevnet } from "../../../devnet/start-devnet.ts";
import type { SecureServerOptions } from "../../../server/embedded-wallet/secure-server.ts";
import { openStorage, type Storage } from "../../../server/storage/database.ts";
import {
  app as appConfig,
  confluxEspaceDevnetChain,
  ethereumDevnetChain,
  networks,
  type RemoteFeatures,
} from "../../../src/generated/index.ts";
import { freePort } from "../../support/free-port.ts";

/**
 * The real local stack for one e2e file, on free ports: both devnet chains with their contracts, the
 * consensus-layer stand-in, and the staking server (embedded PostgreSQL in memory, indexer on), with the devnet
 * server settings `npm start` uses (devnet/stack.ts's devnetServerConfig and startDevnetServer). The devnet
 * build of the app talks to fixed loopback addresses (networks/*.json: 8545, 8546, 5052, 8787);
 * `forward(context)` sends those requests to this stack's ports, unchanged otherwise, so files run in parallel.
 */
export interface LocalStack {
  readonly devnet: RunningDevnet;
  readonly storage: Storage;
  /** The staking server's base address (http://127.0.0.1:<port>). */
  readonly apiUrl: string;
  /** With options.embeddedWallet: the secure origin (http://127.0.0.1:<port>) and the devnet mail server. */
  readonly embeddedWallet?: { readonly secureOrigin: string; readonly mail: RunningMailServer };
  /** Forwards the build's fixed devnet addresses in this browser context to this stack. */
  forward(context: BrowserContext): Promise<void>;
  /** Runs the indexer's next pass now (and waits for it) instead of waiting for its interval. */
  indexNow(): Promise<void>;
  stop(): Promise<void>;
}

const origin = (url: string) => new URL(url).origin;

export async function startLocalStack(
  options: {
    readonly indexerIntervalMs?: number;
    /** Consensus-layer settings for the stand-in other than the devnet's (e.g. { shardCommitteePeriod: 20 }). */
    readonly beaconParams?: Partial<BeaconParams>;
    /** Blocks the indexer waits for before a deposit is confirmed (0 by default, as on the devnet). */
    readonly indexerConfirmations?: number;
    /** A built app the staking server serves too (SERVE_APP_DIR), as `npm run serve` does. */
    readonly appDir?: string;
    /** More server settings (environment variables), e.g. { DEPOSIT_REQUIRES_SIGN_IN: "true" }. */
    readonly serverEnv?: Readonly<Record<string, string>>;
    /** The wallet kit's remote flags the server serves instead of networks/app.json's. */
    readonly walletKitRemoteFeatures?: RemoteFeatures;
    /** The server's getAnalyticsConfig answer instead of networks/app.json's walletKit.analyticsEnabled. */
    readonly walletKitAnalyticsEnabled?: boolean;
    /**
     * Turns the e-mail wallet on: its secure origin on a free port serving `secureAppDir` (the frame's build),
     * framed only by `allowedOrigins`, with the devnet's SMTP server and inbox.
     */
    readonly embeddedWallet?: {
      readonly secureAppDir: string;
      readonly allowedOrigins: readonly string[];
      /** Default: a free loopback port's. */
      readonly secureOrigin?: string;
      /** Social login providers (default: app.json's). */
      readonly socialProviders?: SecureServerOptions["socialProviders"];
    };
  } = {},
): Promise<LocalStack> {
  const devnet = await startDevnet(
    { ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 },
    {
      onlyImportedValidatorsRun: true,
      autoPropose: false,
      ...(options.beaconParams ? { beaconParams: options.beaconParams } : {}),
    },
  );
  let storage: Storage | undefined;
  let mail: RunningMailServer | undefined;
  try {
    storage = await openStorage({ dataDir: "memory://" });
    mail = options.embeddedWallet ? await startMailServer() : undefined;
    const secureOrigin = options.embeddedWallet
      ? (options.embeddedWallet.secureOrigin ?? `http://127.0.0.1:${await freePort()}`)
      : undefined;
    const embeddedEnv: Record<string, string> =
      options.embeddedWallet && mail && secureOrigin
        ? {
            SECURE_ORIGIN: secureOrigin,
            SECURE_APP_DIR: options.embeddedWallet.secureAppDir,
            EMBEDDED_WALLET_ALLOWED_ORIGINS: options.embeddedWallet.allowedOrigins.join(","),
            EMBEDDED_WALLET_SHARE_KEY: "11".repeat(32),
            SMTP_URL: mail.smtpUrl,
          }
        : {};
    const config = devnetServerConfig(devnet, {
      LOG_LEVEL: "silent",
      PORT: "0",
      INDEXER_INTERVAL_MS: String(options.indexerIntervalMs ?? 500),
      INDEXER_CONFIRMATIONS: String(options.indexerConfirmations ?? 0),
      ...(options.appDir ? { SERVE_APP_DIR: options.appDir } : {}),
      ...embeddedEnv,
      ...options.serverEnv,
    });
    const {
      server,
      url: apiUrl,
      indexer,
      handoff,
    } = await startDevnetServer(config, storage, {
      logger: false,
      ...(options.walletKitRemoteFeatures ? { walletKitRemoteFeatures: options.walletKitRemoteFeatures } : {}),
      ...(options.walletKitAnalyticsEnabled !== undefined
        ? { walletKitAnalyticsEnabled: options.walletKitAnalyticsEnabled }
        : {}),
      ...(options.embeddedWallet?.socialProviders
        ? { embeddedWallet: { socialProviders: options.embeddedWallet.socialProviders } }
        : {}),
    });
    const ethereumDevnet = networks.ethereum.environments.find((environment) => environment.kind === "devnet");
    const targets = new Map<string, string>([
      [origin(appConfig.apiBaseUrl.devnet), apiUrl],
      [origin(ethereumDevnetChain.rpcUrls.default.http[0]), devnet.ethereum.anvil.rpcUrl],
      [origin(confluxEspaceDevnetChain.rpcUrls.default.http[0]), devnet.conflux.anvil.rpcUrl],
      ...(ethereumDevnet?.beaconApiUrl ? [[origin(ethereumDevnet.beaconApiUrl), devnet.beacon.url] as const] : []),
    ]);
    const opened = storage;
    const openedMail = mail;
    /**
     * The handoff follows the indexer, as in production: waits (at most 15 s) until every deposited provider key
     * is imported into the validator client stand-in (keys removed after their exit aside), so a test that moves the clock next sees them run.
     */
    const handoffSettled = async () => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        await handoff?.runNow();
        const deposited = await opened.rows<{ pubkey: string }>(sql`
          select k.pubkey from validator_keys k
          join deposit_requests r on r.id = k.request_id
          join validators v on v.pubkey = k.pubkey and v.network = r.network and v.environment = r.environment
          where not exists (select 1 from validator_client_imports i where i.pubkey = k.pubkey and i.state = 'removed')`);
        const response = await fetch(`${devnet.validatorClient.url}/eth/v1/keystores`, {
          headers: { authorization: `Bearer ${devnet.validatorClient.token}` },
        });
        const { data } = (await response.json()) as { data: { validating_pubkey: string }[] };
        const imported = new Set(data.map((entry) => entry.validating_pubkey.replace(/^0x/, "").toLowerCase()));
        if (deposited.every((row) => imported.has(row.pubkey))) return;
        if (Date.now() > deadline)
          throw new Error("the validator client stand-in did not import every deposited key within 15 s");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    return {
      devnet,
      storage: opened,
      apiUrl,
      ...(openedMail && secureOrigin ? { embeddedWallet: { secureOrigin, mail: openedMail } } : {}),
      async forward(context) {
        for (const [from, to] of targets) {
          await context.route(`${from}/**`, (route) => {
            const url = new URL(route.request().url());
            return route.continue({ url: `${to.replace(/\/+$/, "")}${url.pathname}${url.search}` });
          });
        }
      },
      async indexNow() {
        // The head epoch's block proposal first (the stack's stand-in proposes only when asked, so blocks and fees
        // change only when a test acts); the indexer pass then runs the rewards distributor.
        await devnet.beacon.proposeNow();
        await indexer?.runNow();
        await handoffSettled();
      },
      async stop() {
        // Each step gets at most 15 s and is named when it takes longer, so one stuck step neither hides which
        // it was nor keeps the rest from stopping: the chains are always stopped (no anvil outlives the file).
        const step = async (name: string, run: () => Promise<unknown>) => {
          const started = Date.now();
          let timer: NodeJS.Timeout | undefined;
          const gaveUp = new Promise<"gave up">((resolve) => {
            timer = setTimeout(() => resolve("gave up"), 15_000);
          });
          const outcome = await Promise.race([run().then(() => "stopped" as const), gaveUp]);
          clearTimeout(timer);
          if (outcome === "gave up") console.warn(`local stack: stopping ${name} took over 15 s; moving on`);
          else if (Date.now() - started > 10_000)
            console.warn(`local stack: stopping ${name} took ${Date.now() - started} ms`);
        };
        try {
          // Closing the server stops its validator-client handoff and indexer first.
          await step("the staking server, its handoff and indexer", async () => {
            // Requests still open after 5 s (a browser's keep-alive or long request) are cut.
            const cut = setTimeout(() => server.server.closeAllConnections(), 5_000);
            await server.close();
            clearTimeout(cut);
          });
          await step("the database", () => opened.close());
          if (openedMail) await step("the mail server", () => openedMail.stop());
        } finally {
          await step("the devnet", () => devnet.stop());
        }
      },
    };
  } catch (error) {
    await mail?.stop();
    await storage?.close();
    await devnet.stop();
    throw error;
  }
}
