/**
 * npm run server: the staking backend. Configuration comes from environment variables (docs/configuration.md).
 * With the argument `wallet:rotate-share-key [--batch-size N]` it re-encrypts the embedded wallet's stored shares
 * instead and exits (docs/embedded-wallet.md, "Rotating the share key"); with `validator-clients:move --network …
 * --environment … --pubkey 0x… --to <client id>` it moves one validator key to another validator client and exits
 * (docs/validator-clients.md): the same entry, so the compiled server has the commands too.
 */

import { buildServer } from "./app.ts";
import { EnvError, parseEnv } from "./config/env.ts";
import { startUpErrorMessage } from "./config/start-up-error.ts";
import { ROTATE_SHARE_KEY_COMMAND, rotateShareKeyCommand } from "./embedded-wallet/rotate-share-key-command.ts";
import { listenSecureOrigin } from "./embedded-wallet/secure-origin.ts";
import { startIndexer } from "./indexer/start-indexer.ts";
import { IndexerStatus } from "./ops/indexer-status.ts";
import { openStorage } from "./storage/database.ts";
import { MOVE_KEY_COMMAND, MOVE_KEY_USAGE, moveKeyCommand } from "./validator-clients/move-key-command.ts";
import { startHandoff } from "./validator-clients/start-handoff.ts";

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === ROTATE_SHARE_KEY_COMMAND) {
    process.exitCode = await rotateShareKeyCommand(args, process.env);
    return;
  }
  if (command === MOVE_KEY_COMMAND) {
    process.exitCode = await moveKeyCommand(args, process.env);
    return;
  }
  if (command !== undefined) {
    console.error(
      `Unknown command "${command}": run with no arguments to start the server, with ${ROTATE_SHARE_KEY_COMMAND} [--batch-size N], or ${MOVE_KEY_USAGE.replace(/^usage: /, "")}`,
    );
    process.exit(2);
  }
  let config: ReturnType<typeof parseEnv>;
  try {
    config = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Start-up failures are one readable line, with secrets (DATABASE_URL's password...) never printed.
  const fail = (stage: "database" | "listen", error: unknown): never => {
    console.error(startUpErrorMessage(stage, error, config, process.env));
    process.exit(1);
  };
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
    (error: unknown) => fail("database", error),
  );
  const indexerStatus = new IndexerStatus();
  const app = await buildServer(config, storage, { indexerStatus });
  const indexer = startIndexer(config, storage, app.log, indexerStatus);
  const handoff = startHandoff(config, storage, app.log);
  app.addHook("onClose", async () => {
    await handoff?.stop();
    await indexer?.stop();
    await storage.close();
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      app.log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "error while shutting down");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  await app.listen({ host: config.HOST, port: config.PORT }).catch((error: unknown) => fail("listen", error));
  await listenSecureOrigin(app, config).catch((error: unknown) => fail("listen", error));
}

void main();
