/**
 * npm start: the whole local stack in one process tree. Devnet chains with contracts, the consensus-layer
 * stand-in, and the staking server (embedded PostgreSQL, proxying the devnet chains), which also serves a
 * production build of the web app with the Devnet Wallet on its own origin, as `npm run serve` does. The first
 * start builds the app; later starts reuse the build while its inputs are unchanged (see app-build.ts). Prints
 * the URLs; Ctrl-C stops everything. `npm run dev` is the hot-reload path.
 *
 * Options: those of `npm run devnet` (see `npm run devnet -- --help`), plus --api-port (API_PORT, default the port
 * of apiBaseUrl.devnet in networks/app.json, where the app looks) and --app-build-dir (APP_BUILD_DIR, default
 * node_modules/.cache/devnet-app: the build and its manifest). The server's own variables (DATA_DIR, LOG_LEVEL,
 * ...) apply too.
 */
import { join, resolve } from "node:path";
import { buildServer } from "../server/app.ts";
import { parseEnv } from "../server/config/env.ts";
import { listenSecureOrigin } from "../server/embedded-wallet/secure-origin.ts";
import { startIndexer } from "../server/indexer/start-indexer.ts";
import { IndexerStatus } from "../server/ops/indexer-status.ts";
import { openStorage } from "../server/storage/database.ts";
import { startHandoff } from "../server/validator-clients/start-handoff.ts";
import { app as appConfig } from "../src/generated/index.ts";
import { ensureAppBuild } from "./app-build.ts";
import { devnetSettings } from "./devnet-settings.ts";
import { DEVNET_SOCIAL_USER, startDevnetSocialLogin } from "./devnet-social-login.ts";
import { freePort } from "./free-port.ts";
import { type RunningMailServer, startMailServer } from "./mail/start-mail-server.ts";
import { killChainsOnExit, startDevnet } from "./start-devnet.ts";

const root = resolve(import.meta.dirname, "..");

/** Public, devnet-only key of the embedded wallet's stored shares, so shares survive restarts with one DATA_DIR. */
const DEVNET_SHARE_KEY = "de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de7e7de70";

/** The devnet build of the app, as the browser tests build it: the devnet backend and the Devnet Wallet. */
const DEVNET_BUILD_SETTINGS = { VITE_APP_ENVIRONMENT: "devnet", DEVNET_WALLET: "1" } as const;

function portOption(argv: readonly string[], flag: string, variable: string, fallback: number): number {
  const index = argv.indexOf(flag);
  const text = index >= 0 ? argv[index + 1] : process.env[variable];
  const port = text === undefined || text === "" ? fallback : Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${flag.slice(2)} must be a port number, got "${text}"`);
  return port;
}

function buildDirOption(argv: readonly string[]): string {
  const index = argv.indexOf("--app-build-dir");
  const text = index >= 0 ? argv[index + 1] : process.env.APP_BUILD_DIR;
  if (index >= 0 && (text === undefined || text === "" || text.startsWith("--")))
    throw new Error("app-build-dir must be a folder, got nothing");
  return resolve(text === undefined || text === "" ? join(root, "node_modules/.cache/devnet-app") : text);
}

/**
 * The staking server for the devnet: serves devnet environments only, proxying the chains just started, and the
 * built app (SERVE_APP_DIR).
 */
async function startApi(
  devnet: Awaited<ReturnType<typeof startDevnet>>,
  port: number,
  appDir: string,
  mail: RunningMailServer,
) {
  const config = parseEnv({
    EMBEDDED_WALLET_SHARE_KEY: DEVNET_SHARE_KEY,
    SECURE_ORIGIN: `http://127.0.0.1:${await freePort()}`,
    LOG_LEVEL: "warn",
    ...process.env,
    PORT: String(port),
    SERVE_KINDS: "devnet",
    RPC_UPSTREAM_POLICY: "replace",
    RPC_UPSTREAMS_ETHEREUM_DEVNET: devnet.ethereum.anvil.rpcUrl,
    RPC_UPSTREAMS_CONFLUX_ESPACE_DEVNET: devnet.conflux.anvil.rpcUrl,
    BEACON_API_URL_ETHEREUM_DEVNET: devnet.beacon.url,
    KEYMANAGER_CLIENTS_ETHEREUM_DEVNET: `local=${devnet.validatorClient.url}`,
    KEYMANAGER_TOKEN_ETHEREUM_DEVNET_LOCAL: devnet.validatorClient.token,
    INDEXER_INTERVAL_MS: process.env.INDEXER_INTERVAL_MS ?? "2000",
    SERVE_APP_DIR: appDir,
    SMTP_URL: mail.smtpUrl,
    // Contact-page messages land in the devnet inbox too.
    CONTACT_INBOX: process.env.CONTACT_INBOX ?? "provider@devnet.localhost",
  });
  const social = await startDevnetSocialLogin(config.SECURE_ORIGIN as string);
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

async function main(argv: readonly string[]): Promise<void> {
  const started = Date.now();
  if (argv.includes("--app-port"))
    throw new Error("--app-port is gone: the staking server serves the app on its own port, --api-port (API_PORT)");
  const settings = devnetSettings(argv, process.env);
  const askedApiPort = portOption(
    argv,
    "--api-port",
    "API_PORT",
    Number(new URL(appConfig.apiBaseUrl.devnet).port || 80),
  );
  // The app's origin must be known before the server starts: the secure frame names it as its allowed host page.
  const apiPort = askedApiPort === 0 ? await freePort() : askedApiPort;
  const buildStarted = Date.now();
  const appBuild = await ensureAppBuild({
    root,
    cacheDir: buildDirOption(argv),
    settings: DEVNET_BUILD_SETTINGS,
    log: (line) => console.log(line),
  });
  console.log(
    appBuild.built
      ? `Built the app in ${Date.now() - buildStarted} ms (${appBuild.reason}).`
      : `Reusing the app build in ${appBuild.dir}: ${appBuild.reason}.`,
  );
  const devnet = await startDevnet(settings, { onlyImportedValidatorsRun: true });
  let api: Awaited<ReturnType<typeof startApi>>;
  let mail: RunningMailServer | undefined;
  try {
    mail = await startMailServer();
    api = await startApi(devnet, apiPort, appBuild.dir, mail);
  } catch (error) {
    await Promise.all([devnet.stop(), mail?.stop()]);
    throw error;
  }
  const inbox = mail;
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
    Promise.all([api.server.close(), devnet.stop(), inbox.stop()]).then(
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

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
