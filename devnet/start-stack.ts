/**
 * npm start: the whole local stack in one process tree. Devnet chains with contracts, the consensus-layer
 * stand-in, and the staking server (embedded PostgreSQL, proxying the devnet chains), which also serves a
 * production build of the web app with the Devnet Wallet on its own origin, as `npm run serve` does. The first
 * start builds the app; later starts reuse the build while its inputs are unchanged (see app-build.ts). Prints
 * the URLs; Ctrl-C stops everything. `npm run dev` is the hot-reload path.
 *
 * Options (`npm start -- --help`, stack-options.ts): those of `npm run devnet`, the staking server's port and every
 * other port the stack listens on, and --app-build-dir. The served app and its Devnet Wallet learn this stack's
 * ports at run time (the server's runtime config in index.html), so one build serves a stack on any ports, and the
 * server's CORS and CSP name this stack's origins only: a second stack beside the first never talks to it.
 * The server's own variables (DATA_DIR, LOG_LEVEL, ...) apply too.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildServer } from "../server/app.ts";
import { parseEnv } from "../server/config/env.ts";
import { listenSecureOrigin } from "../server/embedded-wallet/secure-origin.ts";
import { startIndexer } from "../server/indexer/start-indexer.ts";
import { IndexerStatus } from "../server/ops/indexer-status.ts";
import { openStorage } from "../server/storage/database.ts";
import { startHandoff } from "../server/validator-clients/start-handoff.ts";
import { ensureAppBuild } from "./app-build.ts";
import { DEVNET_SOCIAL_USER, startDevnetSocialLogin } from "./devnet-social-login.ts";
import { freePort } from "./free-port.ts";
import { type RunningMailServer, startMailServer } from "./mail/start-mail-server.ts";
import { checkPortsFree, parseStackOptions, type StackOptions, stackUsage } from "./stack-options.ts";
import { killChainsOnExit, type RunningDevnet, startDevnet } from "./start-devnet.ts";

const root = resolve(import.meta.dirname, "..");

/** Public, devnet-only key of the embedded wallet's stored shares, so shares survive restarts with one DATA_DIR. */
const DEVNET_SHARE_KEY = "de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de70";

/** The devnet build of the app, as the browser tests build it: the devnet backend and the Devnet Wallet. */
const DEVNET_BUILD_SETTINGS = { VITE_APP_ENVIRONMENT: "devnet", DEVNET_WALLET: "1" } as const;

const loopback = (port: number) => `http://127.0.0.1:${port}`;

/**
 * The staking server for the devnet: serves devnet environments only, proxying the chains just started, and the
 * built app (SERVE_APP_DIR), told at run time where this stack's API and chains are (APP_API_BASE_URL,
 * APP_RPC_URLS). CORS grants this stack's own origins only: its app and its secure frame.
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
  const config = parseEnv({
    EMBEDDED_WALLET_SHARE_KEY: DEVNET_SHARE_KEY,
    LOG_LEVEL: "warn",
    ...env,
    PORT: String(ports.api),
    SECURE_ORIGIN: secureOrigin,
    SECURE_PORT: String(ports.secure),
    CORS_ORIGINS: [appOrigin, `http://localhost:${ports.api}`, secureOrigin].join(","),
    APP_API_BASE_URL: appOrigin,
    APP_RPC_URLS: [devnet.ethereum, devnet.conflux]
      .map((chain) => `${chain.anvil.chainId}=${chain.anvil.rpcUrl}`)
      .join(","),
    SERVE_KINDS: "devnet",
    RPC_UPSTREAM_POLICY: "replace",
    RPC_UPSTREAMS_ETHEREUM_DEVNET: devnet.ethereum.anvil.rpcUrl,
    RPC_UPSTREAMS_CONFLUX_ESPACE_DEVNET: devnet.conflux.anvil.rpcUrl,
    BEACON_API_URL_ETHEREUM_DEVNET: devnet.beacon.url,
    KEYMANAGER_CLIENTS_ETHEREUM_DEVNET: `local=${devnet.validatorClient.url}`,
    KEYMANAGER_TOKEN_ETHEREUM_DEVNET_LOCAL: devnet.validatorClient.token,
    INDEXER_INTERVAL_MS: env.INDEXER_INTERVAL_MS ?? "2000",
    SERVE_APP_DIR: appDir,
    SMTP_URL: mail.smtpUrl,
  });
  const social = await startDevnetSocialLogin(secureOrigin, ports.oidc);
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
    async (error: unknown) => {
      await social.provider.stop();
      throw error;
    },
  );
  // /ready then names each environment's last indexer error, as with `npm run server`.
  const indexerStatus = new IndexerStatus();
  const server = await buildServer(config, storage, {
    indexerStatus,
    embeddedWallet: { socialProviders: social.socialProviders },
    walletKitRemoteFeatures: social.remoteFeatures,
  }).catch(async (error: unknown) => {
    await Promise.all([social.provider.stop(), storage.close()]);
    throw error;
  });
  const indexer = startIndexer(config, storage, server.log, indexerStatus);
  const handoff = startHandoff(config, storage, server.log);
  server.addHook("onClose", async () => {
    await handoff?.stop();
    await indexer?.stop();
    await storage.close();
    await social.provider.stop();
  });
  const url = await server.listen({ host: config.HOST, port: config.PORT });
  const secureUrl = await listenSecureOrigin(server, config);
  return { server, url, secureUrl, socialIssuer: social.provider.issuer };
}

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
  try {
    mail = await startMailServer({ smtpPort: options.smtpPort, inboxPort: options.inboxPort });
    const server = await startApi(devnet, { api, secure, oidc: options.oidcPort }, appDir, mail, env);
    const inbox = mail;
    return {
      devnet,
      api: server,
      inbox,
      stop: async () => {
        await Promise.all([server.server.close(), devnet.stop(), inbox.stop()]);
      },
    };
  } catch (error) {
    await Promise.all([devnet.stop(), mail?.stop()]);
    throw error;
  }
}

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(stackUsage());
    return;
  }
  const started = Date.now();
  const options = parseStackOptions(argv, process.env);
  await checkPortsFree(options);
  const buildStarted = Date.now();
  const appBuild = await ensureAppBuild({
    root,
    cacheDir: options.appBuildDir,
    settings: DEVNET_BUILD_SETTINGS,
    log: (line) => console.log(line),
  });
  console.log(
    appBuild.built
      ? `Built the app in ${Date.now() - buildStarted} ms (${appBuild.reason}).`
      : `Reusing the app build in ${appBuild.dir}: ${appBuild.reason}.`,
  );
  const stack = await startStack(options, appBuild.dir);
  const { devnet, api, inbox } = stack;
  console.log(
    [
      `Local stack ready in ${Date.now() - started} ms.`,
      `  App                    ${api.url}/   (pick "Devnet Wallet" to connect; a production build, \`npm run dev\` hot-reloads)`,
      `  Ethereum Devnet        ${devnet.ethereum.anvil.rpcUrl}  chain id ${devnet.ethereum.anvil.chainId}`,
      `  Conflux eSpace Devnet  ${devnet.conflux.anvil.rpcUrl}  chain id ${devnet.conflux.anvil.chainId}`,
      `  Beacon API stand-in    ${devnet.beacon.url}`,
      `  Validator client       ${devnet.validatorClient.url}   (Keymanager API, token ${devnet.validatorClient.token})`,
      `  Staking server         ${api.url}   (API documentation at ${api.url}/docs)`,
      `  Wallet frame (secure)  ${api.secureUrl}   (the e-mail wallet's own origin)`,
      `  Devnet inbox           ${inbox.inboxUrl}   (every e-mail the stack sends; JSON at ${inbox.inboxUrl}/messages)`,
      `  Google (devnet)        ${api.socialIssuer}   (the wallet's Google button signs in as ${DEVNET_SOCIAL_USER.email}, no password)`,
      "Contract addresses: docs/devnet.md (or `npm run devnet`). Press Ctrl-C to stop.",
    ].join("\n"),
  );

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the staking server and the devnet...`);
    stack.stop().then(
      () => {
        console.log("Local stack stopped.");
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`start: could not stop cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  killChainsOnExit(devnet);
}

// Run as `npm start`; imported (the two-stack test), it only exports.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
