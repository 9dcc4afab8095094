/**
 * npm run wallet:rotate-share-key [-- --batch-size N]: re-encrypts every stored server share under
 * EMBEDDED_WALLET_SHARE_KEY, reading old ones with EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS (README, "Rotating the
 * share key"). Same environment as the server (DATABASE_URL or DATA_DIR). Prints counts and key ids, never keys.
 * Exit 0 when every share is under the current key, 1 when some could not be read, 2 on bad settings.
 */
import { parseArgs } from "node:util";
import { EnvError, parseEnv } from "../config/env.ts";
import { openStorage } from "../storage/database.ts";
import { rotateShareKey } from "./rotate-share-key.ts";
import { ShareCipher, shareKeyBytes } from "./share-cipher.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let batchSize = 500;
try {
  const { values } = parseArgs({ options: { "batch-size": { type: "string" } } });
  if (values["batch-size"] !== undefined) {
    batchSize = Number(values["batch-size"]);
    if (!Number.isInteger(batchSize) || batchSize < 1)
      fail(`--batch-size: expected a positive whole number of users (got ${values["batch-size"]})`);
  }
} catch (error) {
  fail(`${(error as Error).message}; usage: npm run wallet:rotate-share-key -- [--batch-size N]`);
}
let config: ReturnType<typeof parseEnv>;
try {
  config = parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError)
    fail(error.message.replace(/^The server cannot start/, "The share key cannot be rotated"));
  throw error;
}
if (!config.EMBEDDED_WALLET_SHARE_KEY)
  fail("EMBEDDED_WALLET_SHARE_KEY: required: the new share key, which every stored share is re-encrypted under");
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
  if (report.failed > 0) {
    console.error(
      "Keep the previous keys until the unreadable shares are dealt with: add the key they name to EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS and run again",
    );
    process.exitCode = 1;
  }
} finally {
  await storage.close();
}
