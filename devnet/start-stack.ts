/**
 * npm start: the whole local stack in one process tree. Devnet chains with contracts, the consensus-layer
 * stand-in, and the web app (Vite dev server with the Devnet Wallet). Prints the URL; Ctrl-C stops everything.
 * (The staking server joins here once it exists.)
 *
 * Options: those of `npm run devnet` (see `npm run devnet -- --help`), plus --app-port (APP_PORT, default 5173).
 */
import { resolve } from "node:path";
import { createServer } from "vite";
import { devnetSettings } from "./devnet-settings.ts";
import { startDevnet } from "./start-devnet.ts";

function appPort(argv: readonly string[]): number {
  const index = argv.indexOf("--app-port");
  const text = index >= 0 ? argv[index + 1] : process.env.APP_PORT;
  const port = text === undefined || text === "" ? 5173 : Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`app-port must be a port number, got "${text}"`);
  return port;
}

async function main(argv: readonly string[]): Promise<void> {
  const started = Date.now();
  const settings = devnetSettings(argv, process.env);
  const port = appPort(argv);
  const devnet = await startDevnet(settings);
  process.env.DEVNET_WALLET = "1";
  let app: Awaited<ReturnType<typeof createServer>>;
  try {
    app = await createServer({
      configFile: resolve(import.meta.dirname, "../vite.config.ts"),
      server: { host: "127.0.0.1", port, strictPort: port !== 0 },
    });
    await app.listen();
  } catch (error) {
    await devnet.stop();
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
      "Contract addresses: README, section Local devnet (or `npm run devnet`). Press Ctrl-C to stop.",
    ].join("\n"),
  );

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the app and the devnet...`);
    Promise.all([app.close(), devnet.stop()]).then(
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
  process.on("exit", () => {
    for (const pid of [devnet.ethereum.anvil.pid, devnet.conflux.anvil.pid]) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  });
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
