/**
 * npm run deploy -- --network <slug> --environment <kind> --rpc-url <url> [--owner <address>] [--dry-run] [--safe <file>]
 *
 * Deploys the provider's contracts and records their addresses in networks/<slug>.json. The key comes only from
 * DEPLOYER_PRIVATE_KEY. Refusals print `deploy: <what is wrong and what is expected>` and exit with code 1.
 */
import { BaseError } from "viem";
import { DeployCommandError } from "./deploy-command-error.ts";
import { DeploymentError } from "./deploy-contract.ts";
import { HELP, parseDeployOptions } from "./deploy-options.ts";
import { runDeploy } from "./run-deploy.ts";

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(HELP);
    return 0;
  }
  const options = parseDeployOptions(argv, process.env);
  await runDeploy(options, (line) => console.log(line));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof DeployCommandError || error instanceof DeploymentError)
      console.error(`deploy: ${error.message}`);
    // viem's long messages repeat the request (URL included); the short one names the failure only.
    else if (error instanceof BaseError) console.error(`deploy: ${error.shortMessage}`);
    else console.error(`deploy: unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
