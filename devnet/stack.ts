/**
 * The local stack `npm start` runs (start-stack.ts), as functions: the devnet chains with contracts, the
 * consensus-layer stand-in, the devnet mail server and the staking server (embedded PostgreSQL, proxying the devnet
 * chains), which also serves a built app with the Devnet Wallet. The served app and its Devnet Wallet learn this
 * stack's ports at run time (the server's runtime config in index.html), so one build serves a stack on any ports,
 * and the server's CORS names this stack's origins only: a second stack beside the first never talks to it.
 */

import type { FastifyInstance } from "fastify";
import { buildServer } from "../server/app.ts";
import { parseEnv, type ServerConfig } from "../server/config/env.ts";
import { listenSecureOrigin } from "../server/embedded-wallet/secure-origin.ts";
import type { Indexer } from "../server/indexer/indexer.ts";
import { startIndexer } from "../server/indexer/start-indexer.ts";
import { IndexerStatus } from "../server/ops/indexer-status.ts";
import { openStorage, type Storage } from "../server/storage/database.ts";
import { startHandoff } from "../server/validator-clients/start-handoff.ts";
import type { ValidatorHandoff } from "../server/validator-clients/validator-handoff.ts";
import { startDevnetSocialLogin } from "./devnet-social-login.ts";
import { freePort } from "./free-port.ts";
import { type RunningMailServer, startMailServer } from "./mail/start-mail-server.ts";
import { startPriceStandIn } from "./prices/price-stand-in.ts";
import type { StackOptions } from "./stack-options.ts";
import { type RunningDevnet, startDevnet } from "./start-devnet.ts";

export { DEVNET_SOCIAL_USER } from "./devnet-social-login.ts";
export { killChainsOnExit } from "./start-devnet.ts";

/** Public, devnet-only key of the embedded wallet's stored shares, so shares survive restarts with one DATA_DIR. */
const DEVNET_SHARE_KEY = "de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de70";

const loopback = (port: number) => `http://127.0.0.1:${port}`;

/** `npm run dev`'s origins (Vite's default port): the hot-reloading app, built for the default stack's API. */
const VITE_DEV_ORIGINS = ["http://127.0.0.1:5173", "http://localhost:5173"];

/**
 * The staking server's settings for a running devnet, written once for `npm start` and the browser tests: `env`
 * (the caller's own settings) with devnet environments only, this devnet's chains as the RPC upstreams (the
 * devnet's own addresses replace the config's), its consensus-layer stand-in and its validator client.
 */
export function devnetServerConfig(devnet: RunningDevnet, env: NodeJS.ProcessEnv): ServerConfig {
  return parseEnv({
    ...env,
    SERVE_KINDS: "devnet",
    RPC_UPSTREAM_POLICY: "replace",
    RPC_UPSTREAMS_ETHEREUM_DEVNET: devnet.ethereum.anvil.rpcUrl,
    RPC_UPSTREAMS_CONFLUX_ESPACE_DEVNET: devnet.conflux.anvil.rpcUrl,
    BEACON_API_URL_ETHEREUM_DEVNET: devnet.beacon.url,
    KEYMANAGER_CLIENTS_ETHEREUM_DEVNET: `local=${devnet.validatorClient.url}`,
    KEYMANAGER_TOKEN_ETHEREUM_DEVNET_LOCAL: devnet.validatorClient.token,
  });
}

/** A staking server started by startDevnetServer, with the jobs it runs. */
export interface DevnetServer {
  readonly server: FastifyInstance;
  /** Where it listens (http://127.0.0.1:<port> or the host it was given). */
  readonly url: string;
  /** The secure origin's address, when SECURE_ORIGIN is set. */
  readonly secureUrl: string | undefined;
  /** The indexer (undefined with INDEXER=off), to run a pass now. */
  readonly indexer: Indexer | undefined;
  /** The validator-client handoff (undefined without a validator client), to run a pass now. */
  readonly handoff: ValidatorHandoff | undefined;
}

/**
 * Starts the staking server on `storage` as `npm start` and the browser tests run it: built from `config`
 * (devnetServerConfig), its indexer and validator-client handoff running (both stopped when the server closes,
 * then `afterJobs`, which also runs when it fails to start), listening on HOST:PORT and, with SECURE_ORIGIN, on the secure origin.
 */
export async function startDevnetServer(
  config: ServerConfig,
  storage: Storage,
  options: Parameters<typeof buildServer>[2] = {},
  /** Runs when the server closes, once its jobs have stopped (closing the storage, say). */
  afterJobs: () => Promise<void> = async () => undefined,
): Promise<DevnetServer> {
  const server = await buildServer(config, storage, options).catch(async (error: unknown) => {
    await afterJobs();
    throw error;
  });
  const indexer = startIndexer(config, storage, server.log, options.indexerStatus);
  const handoff = startHandoff(config, storage, server.log);
  server.addHook("onClose", async () => {
    await handoff?.stop();
    await indexer?.stop();
    await afterJobs();
  });
  try {
    const url = (await server.listen({ host: config.HOST, port: config.PORT })).replace("localhost", "127.0.0.1");
    const secureUrl = await listenSecureOrigin(server, config);
    return { server, url, secureUrl, indexer, handoff };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * The staking server for the devnet: serves devnet environments only, proxying the chains just started, and the
 * built app (SERVE_APP_DIR), told at run time where this stack's API and chains are (APP_API_BASE_URL,
 * APP_RPC_URLS). CORS grants this stack's own origins only: its app and its secure frame (and `npm run dev`).
 */
async function startApi(
  devnet: RunningDevnet,
  ports: { readonly api: number; readonly secure: number; readonly oidc: number },
  appDir: string,
  mail: RunningMailServer,
  env: NodeJS.ProcessEnv,
) {
  const appOrigin = loopback(ports.api);
  const secureOrigin = loopback(ports.secure);
  const config = devnetServerConfig(devnet, {
    EMBEDDED_WALLET_SHARE_KEY: DEVNET_SHARE_KEY,
    LOG_LEVEL: "warn",
    ...env,
    PORT: String(ports.api),
    SECURE_ORIGIN: secureOrigin,
    SECURE_PORT: String(ports.secure),
    // Its own origins only, and the Vite dev server's (`npm run dev` beside the default stack calls its API).
    CORS_ORIGINS: [appOrigin, `http://localhost:${ports.api}`, secureOrigin, ...VITE_DEV_ORIGINS].join(","),
    APP_API_BASE_URL: appOrigin,
    APP_RPC_URLS: [devnet.ethereum, devnet.conflux]
      .map((chain) => `${chain.anvil.chainId}=${chain.anvil.rpcUrl}`)
      .join(","),
    INDEXER_INTERVAL_MS: env.INDEXER_INTERVAL_MS ?? "2000",
    SERVE_APP_DIR: appDir,
    SMTP_URL: mail.smtpUrl,
    // Contact-page messages land in the devnet inbox too.
    CONTACT_INBOX: env.CONTACT_INBOX ?? "provider@devnet.localhost",
  });
  const social = await startDevnetSocialLogin(secureOrigin, ports.oidc);
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
    async (error: unknown) => {
      await social.provider.stop();
      throw error;
    },
  );
  const stopTheRest = async () => {
    await storage.close();
    await social.provider.stop();
  };
  const { server, url, secureUrl } = await startDevnetServer(
    config,
    storage,
    {
      // /ready then names each environment's last indexer error, as with `npm run server`.
      indexerStatus: new IndexerStatus(),
      embeddedWallet: { socialProviders: social.socialProviders },
      walletKitRemoteFeatures: social.remoteFeatures,
    },
    stopTheRest,
  );
  return { server, url, secureUrl, socialIssuer: social.provider.issuer };
}

type RunningPriceStandIn = Awaited<ReturnType<typeof startPriceStandIn>>;

export interface RunningStack {
  readonly devnet: RunningDevnet;
  /** The staking server (serving the app) and its secure origin. */
  readonly api: Awaited<ReturnType<typeof startApi>>;
  readonly inbox: RunningMailServer;
  /** Stops the server, the chains and the inbox. */
  stop(): Promise<void>;
}

/**
 * Starts the stack the options describe, serving the built app in appDir: the devnet, the devnet mail server and
 * the staking server. Ports 0 become free ones. `env`: the server's variables (DATA_DIR, LOG_LEVEL, ...).
 */
export async function startStack(
  options: StackOptions,
  appDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningStack> {
  // The app's and the frame's origins must be known before the server starts: each names the other.
  const [api, secure] = await Promise.all([
    options.apiPort === 0 ? freePort() : options.apiPort,
    options.securePort === 0 ? freePort() : options.securePort,
  ]);
  const devnet = await startDevnet(options.devnet, { onlyImportedValidatorsRun: true });
  let mail: RunningMailServer | undefined;
  let prices: RunningPriceStandIn | undefined;
  try {
    mail = await startMailServer({ smtpPort: options.smtpPort, inboxPort: options.inboxPort });
    // Rewards in fiat read the devnet's price stand-in (CoinGecko's history API shape), unless env names another.
    prices = await startPriceStandIn();
    const server = await startApi(devnet, { api, secure, oidc: options.oidcPort }, appDir, mail, {
      ...env,
      PRICE_API_URL: env.PRICE_API_URL ?? prices.url,
    });
    const inbox = mail;
    const priceStandIn = prices;
    return {
      devnet,
      api: server,
      inbox,
      stop: async () => {
        await Promise.all([server.server.close(), devnet.stop(), inbox.stop(), priceStandIn.close()]);
      },
    };
  } catch (error) {
    await Promise.all([devnet.stop(), mail?.stop(), prices?.close()]);
    throw error;
  }
}
