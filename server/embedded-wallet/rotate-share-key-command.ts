/**
 * The `wallet:rotate-share-key` command of the server's entry (server/main.ts), so the compiled server runs it too:
 * `node dist-server/main.js wallet:rotate-share-key [--batch-size N]`, or from a checkout
 * `npm run wallet:rotate-share-key -- [--batch-size N]`. Re-encrypts every stored server share under
 * EMBEDDED_WALLET_SHARE_KEY, reading old ones with EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS (docs/embedded-wallet.md,
 * "Rotating the share key"). Same environment as the server (DATABASE_URL or DATA_DIR). Prints counts and key
 * ids, never keys.
 * Resolves to the exit code: 0 when every share is under the current key, 1 when some could not be read, 2 on bad
 * settings.
 */
import { parseArgs } from "node:util";
import { EnvError, parseEnv } from "../config/env.ts";
import { openStorage } from "../storage/database.ts";
import { rotateShareKey } from "./rotate-share-key.ts";
import { ShareCipher, shareKeyBytes } from "./share-cipher.ts";

export const ROTATE_SHARE_KEY_COMMAND = "wallet:rotate-share-key";
const USAGE = `usage: ${ROTATE_SHARE_KEY_COMMAND} [--batch-size N]`;

/** The batch size the arguments ask for, or the message saying what is wrong with them. */
function batchSizeOf(args: string[]): number | string {
  let value: string | undefined;
  try {
    value = parseArgs({ args, options: { "batch-size": { type: "string" } } }).values["batch-size"];
  } catch (error) {
    return `${(error as Error).message}; ${USAGE}`;
  }
  if (value === undefined) return 500;
  const batchSize = Number(value);
  if (!Number.isInteger(batchSize) || batchSize < 1)
    return `--batch-size: expected a positive whole number of users (got ${value})`;
  return batchSize;
}

export async function rotateShareKeyCommand(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const batchSize = batchSizeOf(args);
  if (typeof batchSize === "string") {
    console.error(batchSize);
    return 2;
  }
  let config: ReturnType<typeof parseEnv>;
  try {
    config = parseEnv(env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message.replace(/^The server cannot start/, "The share key cannot be rotated"));
    return 2;
  }
  if (!config.EMBEDDED_WALLET_SHARE_KEY) {
    console.error(
      "EMBEDDED_WALLET_SHARE_KEY: required: the new share key, which every stored share is re-encrypted under",
    );
    return 2;
  }
  const cipher = new ShareCipher(
    shareKeyBytes(config.EMBEDDED_WALLET_SHARE_KEY),
    config.EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS.map(shareKeyBytes),
  );
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    console.log(`Re-encrypting the stored server shares under share key ${cipher.keyId}, ${batchSize} users a batch`);
    const report = await rotateShareKey(storage, cipher, {
      batchSize,
      onBatch: (progress) => console.log(`  ${progress.rewrapped} rewrapped, ${progress.failed} unreadable so far`),
    });
    for (const failure of report.failures) console.error(`  user ${failure.userId}: ${failure.reason}`);
    console.log(
      `Done: ${report.rewrapped} rewrapped, ${report.failed} unreadable, ${report.current} shares under share key ${report.keyId}`,
    );
    if (report.failed === 0) return 0;
    console.error(
      "Keep the previous keys until the unreadable shares are dealt with: add the key they name to EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS and run again",
    );
    return 1;
  } finally {
    await storage.close();
  }
}
