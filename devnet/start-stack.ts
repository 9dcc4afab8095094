/**
 * npm start: the whole local stack in one process tree. Devnet chains with contracts, the consensus-layer
 * stand-in, the staking server (embedded PostgreSQL, proxying the devnet chains) and the web app (Vite dev
 * server with the Devnet Wallet). Prints the URLs; Ctrl-C stops everything.
 *
 * Options: those of `npm run devnet` (see `npm run devnet -- --help`), plus --app-port (APP_PORT, default 5173)
 * and --api-port (API_PORT, default the port of apiBaseUrl.devnet in networks/app.json, where the app looks).
 * The server's own variables (DATA_DIR, LOG_LEVEL, ...) apply too.
 */
import { resolve } from "node:path";
import { createServer } from "vite";
import { buildServer } from "../server/app.ts";
import { parseEnv } from "../server/config/env.ts";
import { startIndexer } from "../server/indexer/start-indexer.ts";
import { openStorage } from "../server/storage/database.ts";
import { app as appConfig } from "../src/generated/index.ts";
import { devnetSettings } from "./devnet-settings.ts";
import { killChainsOnExit, startDevnet } from "./start-devnet.ts";

function portOption(argv: readonly string[], flag: string, variable: string, fallback: number): number {
  const index = argv.indexOf(flag);
  const text = index >= 0 ? argv[index + 1] : process.env[variable];
  const port = text === undefined || text === "" ? fallback : Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${flag.slice(2)} must be a port number, got "${text}"`);
  return port;
}

/** The staking server for the devnet: serves devnet environments only, proxying the chains just started. */
async function startApi(devnet: Awaited<ReturnType<typeof startDevnet>>, port: number) {
  const config = parseEnv({
    LOG_LEVEL: "warn",
    ...process.env,
    PORT: String(port),
    SERVE_KINDS: "devnet",
    RPC_UPSTREAM_POLICY: "replace",
    RPC_UPSTREAMS_ETHEREUM_DEVNET: devnet.ethereum.anvil.rpcUrl,
    RPC_UPSTREAMS_CONFLUX_ESPACE_DEVNET: devnet.conflux.anvil.rpcUrl,
    BEACON_API_URL_ETHEREUM_DEVNET: devnet.beacon.url,
    INDEXER_INTERVAL_MS: process.env.INDEXER_INTERVAL_MS ?? "2000",
  });
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const server = await buildServer(config, storage);
  const indexer = startIndexer(config, storage, server.log);
  server.addHook("onClose", async () => {
    await indexer?.stop();
    await storage.close();
  });
  const url = await server.listen({ host: config.HOST, port: config.PORT });
  return { server, url };
}

async function main(argv: readonly string[]): Promise<void> {
  const started = Date.now();
  const settings = devnetSettings(argv, process.env);
  const port = portOption(argv, "--app-port", "APP_PORT", 5173);
  const apiPort = portOption(argv, "--api-port", "API_PORT", Number(new URL(appConfig.apiBaseUrl.devnet).port || 80));
  const devnet = await startDevnet(settings);
  process.env.DEVNET_WALLET = "1";
  let app: Awaited<ReturnType<typeof createServer>>;
  let api: Awaited<ReturnType<typeof startApi>>;
  try {
    api = await startApi(devnet, apiPort);
  } catch (error) {
    await devnet.stop();
    throw error;
  }
  try {
    app = await createServer({
      configFile: resolve(import.meta.dirname, "../vite.config.ts"),
      server: { host: "127.0.0.1", port, strictPort: port !== 0 },
    });
    await app.listen();
  } catch (error) {
    await Promise.all([api.server.close(), devnet.stop()]);
    throw error;
  }
  const url = app.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
  console.log(
    [
      `Local stack ready in ${Date.now() - started} ms.`,
      `  App                    ${url}   (pick "Devnet Wallet" to connect)`,
      `  Ethereum Devnet        ${devnet.ethereum.anvil.rpcUrl}  chain id ${devnet.ethereum.anvil.chainId}`,
      `  Conflux eSpace Devnet  ${devnet.conflux.anvil.rpcUrl}  chain id ${devnet.conflux.anvil.chainId}`,
      `  Beacon API stand-in    ${devnet.beacon.url}`,
      `  Staking server         ${api.url}   (API documentation at ${api.url}/docs)`,
      "Contract addresses: README, section Local devnet (or `npm run devnet`). Press Ctrl-C to stop.",
    ].join("\n"),
  );

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the app, the staking server and the devnet...`);
    Promise.all([app.close(), api.server.close(), devnet.stop()]).then(
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
  // Vite's dev server installs a SIGTERM handler that exits at once (code 143); this one stops the devnet too.
  for (const listener of process.listeners("SIGTERM")) process.off("SIGTERM", listener);
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  killChainsOnExit(devnet);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
