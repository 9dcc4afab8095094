/**
 * npm run devnet [-- --eth-port 8545 --conflux-port 8546 ...]
 *
 * Starts the local devnet (Ethereum devnet and Conflux eSpace devnet anvil chains with the staking contracts
 * installed and seeded), prints what runs where, and stops both chains on Ctrl-C (SIGINT) or SIGTERM.
 */
import {
  consolidationRequestsAddress,
  delegationPoolAddress,
  depositContractAddress,
  ethStakingAddress,
  rewardsClaimAddress,
  ssvNetworkAddress,
  ssvNetworkViewsAddress,
  ssvTokenAddress,
  withdrawalRequestsAddress,
} from "./addresses.ts";
import { DEVNET_OPTIONS, devnetSettings } from "./devnet-settings.ts";
import { killChainsOnExit, type RunningDevnet, startDevnet } from "./start-devnet.ts";

function usage(): string {
  const lines = DEVNET_OPTIONS.map(([flag, envName, help]) => `  --${flag.padEnd(18)} ${envName.padEnd(25)} ${help}`);
  return `Usage: npm run devnet -- [options]\n\nOptions (flag, or environment variable):\n${lines.join("\n")}\n`;
}

function describeDevnet(devnet: RunningDevnet, startedIn: number): string {
  const { ethereum, conflux } = devnet;
  return [
    `Devnet ready in ${startedIn} ms.`,
    "",
    `Ethereum Devnet          chain id ${ethereum.anvil.chainId}  ${ethereum.anvil.rpcUrl}  (anvil pid ${ethereum.anvil.pid})`,
    `  deposit contract       ${depositContractAddress}`,
    `  EIP-7002 withdrawals   ${withdrawalRequestsAddress}`,
    `  EIP-7251 consolidation ${consolidationRequestsAddress}`,
    `  ETH staking (batch)    ${ethStakingAddress}`,
    `  rewards claim          ${rewardsClaimAddress}`,
    `  SSV token              ${ssvTokenAddress}  (1,000 SSV per dev account; anyone may mint)`,
    `  SSV network            ${ssvNetworkAddress}  (8 operators: devnet/ssv/devnet-operators.json)`,
    `  SSV network views      ${ssvNetworkViewsAddress}`,
    `  Beacon API stand-in    ${devnet.beacon.url}  (consensus-layer stand-in: accelerated clock, devnet only)`,
    `  Validator client       ${devnet.validatorClient.url}  (Keymanager API, token ${devnet.validatorClient.token})`,
    `Conflux eSpace Devnet    chain id ${conflux.anvil.chainId}  ${conflux.anvil.rpcUrl}  (anvil pid ${conflux.anvil.pid})`,
    `  staking pool           ${delegationPoolAddress}`,
    "",
    `Dev accounts: anvil's 10 default accounts (mnemonic "test test test test test test test test test test test junk"),`,
    `funded on both chains. Provider account (contract owner): ${devnet.provider}.`,
    "These keys are public: never send real funds to them.",
    "",
    "Press Ctrl-C to stop.",
  ].join("\n");
}

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(usage());
    return;
  }
  const settings = devnetSettings(argv, process.env);
  const started = Date.now();
  const devnet = await startDevnet(settings, { onlyImportedValidatorsRun: true });
  console.log(describeDevnet(devnet, Date.now() - started));

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the devnet...`);
    devnet.stop().then(
      () => {
        console.log("Devnet stopped.");
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`devnet: could not stop cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  killChainsOnExit(devnet);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`devnet: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
