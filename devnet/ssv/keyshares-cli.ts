/**
 * npm run ssv:keyshares -- --owner <address> --nonce <n> --operators 1,2,3,4 [--count k] [--out file]
 *
 * Writes keyshares for the devnet SSV operators (devnet/ssv/devnet-operators.json) and the matching deposit
 * data, so the SSV flow can be walked on the devnet. See KEYSHARES_USAGE for every flag.
 */
import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createDevnetKeyshares } from "./create-devnet-keyshares.ts";
import { readDevnetOperators } from "./devnet-operators.ts";
import { KEYSHARES_USAGE, parseKeysharesCliOptions } from "./keyshares-cli-options.ts";
import { keysharesFileJson } from "./keyshares-file-json.ts";

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(KEYSHARES_USAGE);
    return 0;
  }
  const devnetOperators = readDevnetOperators();
  const parsed = parseKeysharesCliOptions(
    argv,
    devnetOperators.map((operator) => operator.id),
  );
  if ("problems" in parsed) {
    for (const problem of parsed.problems) console.error(`ssv:keyshares: ${problem}`);
    console.error("Run npm run ssv:keyshares -- --help for the flags.");
    return 1;
  }
  const { options } = parsed;
  const operators = devnetOperators.filter((operator) => options.operatorIds.includes(operator.id));
  const { entries, depositData } = await createDevnetKeyshares({ ...options, operators });

  // npm runs scripts from the package root; relative paths are the caller's.
  const here = process.env.INIT_CWD ?? process.cwd();
  const now = new Date();
  const keysharesPath = resolve(here, options.out ?? `keyshares-${now.toISOString().replace(/[:.]/g, "-")}.json`);
  const depositPath = resolve(dirname(keysharesPath), `deposit_data-${Math.floor(now.getTime() / 1000)}.json`);
  try {
    writeFileSync(keysharesPath, keysharesFileJson(entries, now), { flag: "wx" });
    writeFileSync(depositPath, `${JSON.stringify(depositData, null, 2)}\n`, { flag: "wx" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const path = (error as NodeJS.ErrnoException).path ?? keysharesPath;
    console.error(
      code === "EEXIST"
        ? `ssv:keyshares: ${path} already exists; choose another file with --out`
        : `ssv:keyshares: cannot write ${path}: ${code ?? String(error)}`,
    );
    return 1;
  }
  const last = options.nonce + options.count - 1;
  console.log(
    `Keyshares for ${options.count} validator(s), owner ${options.owner}, nonces ${options.nonce} to ${last},`,
  );
  console.log(`operators ${options.operatorIds.join(", ")}:`);
  for (const entry of entries) console.log(`  nonce ${entry.data.ownerNonce}  ${entry.data.publicKey}`);
  console.log(`Wrote ${keysharesPath}`);
  console.log(`Wrote ${depositPath} (32 ETH each, ${options.credentials} credentials to ${options.withdrawalAddress})`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`ssv:keyshares: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
