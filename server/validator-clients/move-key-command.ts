/**
 * The `validator-clients:move` command of the server's entry (server/main.ts), so the compiled server runs it
 * too: `node dist-server/main.js validator-clients:move --network ethereum --environment hoodi --pubkey 0x…
 * --to teku-b [--accept-not-found]`, or from a checkout `npm run validator-clients:move -- …`. Same environment
 * as the server (DATABASE_URL or DATA_DIR, KEYMANAGER_CLIENTS_*, their tokens). Resolves to the exit code: 0 when
 * the key runs in the new client only, 1 when the move stopped (run again to go on), 2 on bad arguments or settings.
 */
import { parseArgs } from "node:util";
import { EnvError, parseEnv } from "../config/env.ts";
import { openStorage } from "../storage/database.ts";
import { handoffTargets } from "./handoff-target.ts";
import { moveKey } from "./move-key.ts";

export const MOVE_KEY_COMMAND = "validator-clients:move";
export const MOVE_KEY_USAGE = `usage: ${MOVE_KEY_COMMAND} --network <slug> --environment <id> --pubkey 0x<96 hex digits> --to <client id> [--accept-not-found]`;

interface MoveArguments {
  readonly network: string;
  readonly environment: string;
  readonly pubkey: string;
  readonly to: string;
  readonly acceptNotFound: boolean;
}

/** The arguments, or the message saying what is wrong with them. */
function argumentsOf(args: string[]): MoveArguments | string {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args,
      options: {
        network: { type: "string" },
        environment: { type: "string" },
        pubkey: { type: "string" },
        to: { type: "string" },
        "accept-not-found": { type: "boolean" },
      },
    }).values;
  } catch (error) {
    return `${(error as Error).message}; ${MOVE_KEY_USAGE}`;
  }
  for (const name of ["network", "environment", "pubkey", "to"]) {
    if (typeof values[name] !== "string" || values[name] === "") return `--${name}: required; ${MOVE_KEY_USAGE}`;
  }
  const pubkey = String(values.pubkey).toLowerCase();
  if (!/^0x[0-9a-f]{96}$/.test(pubkey)) {
    return `--pubkey: expected 0x and 96 hexadecimal digits (a 48-byte BLS public key), got ${pubkey.length} characters`;
  }
  return {
    network: String(values.network),
    environment: String(values.environment),
    pubkey: pubkey.slice(2),
    to: String(values.to),
    acceptNotFound: values["accept-not-found"] === true,
  };
}

export async function moveKeyCommand(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const request = argumentsOf(args);
  if (typeof request === "string") {
    console.error(request);
    return 2;
  }
  let config: ReturnType<typeof parseEnv>;
  try {
    config = parseEnv(env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message.replace(/^The server cannot start/, "The key cannot be moved"));
    return 2;
  }
  const skipped: string[] = [];
  const target = handoffTargets(config, (where, message) =>
    skipped.push(`${where.network}/${where.environment}: ${message}`),
  ).find((entry) => entry.network === request.network && entry.environment === request.environment);
  if (!target) {
    const suffix = `${request.network}_${request.environment}`.toUpperCase().replaceAll("-", "_");
    console.error(
      skipped.find((line) => line.startsWith(`${request.network}/${request.environment}:`)) ??
        `${request.network}/${request.environment} has no validator clients here: set KEYMANAGER_CLIENTS_${suffix} (and SERVE_KINDS to serve it)`,
    );
    return 2;
  }
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await moveKey(storage, target, request, { say: (line) => console.log(line) });
    return 0;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.error(`The move stopped: ${error.message}`);
    console.error("Its progress is recorded: run the same command again to go on from the step it reached.");
    return 1;
  } finally {
    await storage.close();
  }
}
