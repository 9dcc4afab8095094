/**
 * npm start: the whole local stack in one process tree (stack.ts). Devnet chains with contracts, the
 * consensus-layer stand-in, and the staking server (embedded PostgreSQL, proxying the devnet chains), which also
 * serves a production build of the web app with the Devnet Wallet on its own origin, as `npm run serve` does. The
 * first start builds the app; later starts reuse the build while its inputs are unchanged (see app-build.ts).
 * Prints the URLs; Ctrl-C stops everything. `npm run dev` is the hot-reload path.
 *
 * Options (`npm start -- --help`, stack-options.ts): those of `npm run devnet`, the staking server's port and every
 * other port the stack listens on, and --app-build-dir; a second stack runs beside the first on other ports. The
 * server's own variables (DATA_DIR, LOG_LEVEL, ...) apply too. --help and bad options are answered before the
 * server's and Vite's modules load.
 */
import { resolve } from "node:path";
import { checkPortsFree, parseStackOptions, stackUsage } from "./stack-options.ts";

const root = resolve(import.meta.dirname, "..");

/** The devnet build of the app, as the browser tests build it: the devnet backend and the Devnet Wallet. */
const DEVNET_BUILD_SETTINGS = { VITE_APP_ENVIRONMENT: "devnet", DEVNET_WALLET: "1" } as const;

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(stackUsage());
    return;
  }
  const started = Date.now();
  const options = parseStackOptions(argv, process.env);
  await checkPortsFree(options);
  const [{ ensureAppBuild }, { DEVNET_SOCIAL_USER, killChainsOnExit, startStack }] = await Promise.all([
    import("./app-build.ts"),
    import("./stack.ts"),
  ]);
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

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
