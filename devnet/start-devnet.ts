import type { Address } from "viem";
import { confluxEspaceDevnetChain, ethereumDevnetChain } from "../src/generated/index.ts";
import { rewardsClaimAddress } from "./addresses.ts";
import type { BeaconParams } from "./beacon/beacon-params.ts";
import { type RunningBeaconStandIn, startBeaconStandIn } from "./beacon/start-beacon-stand-in.ts";
import { createDevnetClient, type DevnetClient } from "./devnet-client.ts";
import { type DevnetSettings, POOL_NAME, POOL_VOTE_UNIT } from "./devnet-settings.ts";
import { installEthereumContracts, installPoolContracts } from "./install-contracts.ts";
import { installTokens } from "./install-tokens.ts";
import { seedPoolReserve } from "./seed-devnet.ts";
import { installSsvNetwork } from "./ssv/install-ssv.ts";
import { type RunningAnvil, startAnvil } from "./start-anvil.ts";
import { type RunningValidatorClient, startValidatorClient } from "./validator-client/start-validator-client.ts";

export interface DevnetChain {
  readonly anvil: RunningAnvil;
  readonly client: DevnetClient;
  /** anvil's dev accounts (default mnemonic), funded with settings.balance each. */
  readonly accounts: readonly Address[];
}

export interface RunningDevnet {
  readonly ethereum: DevnetChain;
  readonly conflux: DevnetChain;
  /** The consensus-layer stand-in following the Ethereum devnet (Beacon API subset). */
  readonly beacon: RunningBeaconStandIn;
  /**
   * The validator client stand-in (Keymanager API, token DEVNET_KEYMANAGER_TOKEN): only the validators whose
   * keystores were imported into it become active on the Beacon API stand-in.
   */
  readonly validatorClient: RunningValidatorClient;
  /** The provider's account (dev account 9): owns the staking contract and the pool, funds rewards. */
  readonly provider: Address;
  /** Stops the stand-in and both chains (by pid); resolves when they have exited. */
  stop(): Promise<void>;
}

/** Starts every chain; if one fails, stops the others before rethrowing. */
async function startAll(starts: Promise<RunningAnvil>[]): Promise<RunningAnvil[]> {
  const results = await Promise.allSettled(starts);
  const started = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = results.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(started.map((anvil) => anvil.stop()));
    throw failed.reason;
  }
  return started;
}

/**
 * Starts the Ethereum devnet and the Conflux eSpace devnet (two anvil chains), installs the contracts at
 * their fixed addresses and seeds them (claimable rewards for every dev account, a funded pool reserve), then
 * starts the validator client stand-in and the consensus-layer stand-in on the Ethereum devnet (a deposited
 * validator activates once its keystore is imported into the validator client).
 * A fresh start always yields the same addresses, code and seeded state.
 */
export async function startDevnet(
  settings: DevnetSettings,
  options: {
    /**
     * Only validators whose keys were imported into the validator client stand-in activate (`npm run devnet`,
     * `npm start` and the e2e stack, where the server hands keys over). Without it every deposit activates, for
     * tests that deposit without a server.
     */
    readonly onlyImportedValidatorsRun?: boolean;
    /**
     * false: the validators it runs propose only when asked (beacon.proposeNow(), as the e2e stack's indexNow
     * does), so blocks, and the base fee, change only when a test acts. Default: once an epoch on their own.
     */
    readonly autoPropose?: boolean;
    /** Consensus-layer settings other than the devnet's defaults (e.g. a SHARD_COMMITTEE_PERIOD for a test). */
    readonly beaconParams?: Partial<BeaconParams>;
  } = {},
): Promise<RunningDevnet> {
  const [ethereumAnvil, confluxAnvil] = await startAll([
    startAnvil({ chainId: settings.ethereumChainId, port: settings.ethereumPort, balance: settings.balance }),
    startAnvil({ chainId: settings.confluxChainId, port: settings.confluxPort, balance: settings.balance }),
  ]);
  const anvils = [ethereumAnvil, confluxAnvil] as [RunningAnvil, RunningAnvil];
  let beacon: RunningBeaconStandIn | undefined;
  let validatorClient: RunningValidatorClient | undefined;
  const stop = async () => {
    await beacon?.stop();
    await validatorClient?.stop();
    await Promise.all(anvils.map((anvil) => anvil.stop()));
  };
  try {
    const ethereumClient = createDevnetClient(ethereumDevnetChain, anvils[0].rpcUrl);
    const confluxClient = createDevnetClient(confluxEspaceDevnetChain, anvils[1].rpcUrl);
    const [ethereumAccounts, confluxAccounts] = await Promise.all([
      ethereumClient.getAddresses(),
      confluxClient.getAddresses(),
    ]);
    const provider = ethereumAccounts[9];
    if (!provider || confluxAccounts[9] !== provider) throw new Error("devnet: anvil did not expose 10 dev accounts");
    await Promise.all([
      (async () => {
        await installEthereumContracts(ethereumClient, { owner: provider, feePerValidator: settings.feePerValidator });
        await installTokens(ethereumClient, provider, ethereumAccounts);
        await installSsvNetwork(ethereumClient, provider, ethereumAccounts);
      })(),
      (async () => {
        await installPoolContracts(confluxClient, {
          owner: provider,
          voteUnit: POOL_VOTE_UNIT,
          lockPeriod: settings.poolLockPeriod,
          aprBasisPoints: settings.poolAprBasisPoints,
          poolName: POOL_NAME,
        });
        await seedPoolReserve(confluxClient, provider);
      })(),
    ]);
    const running = new Set<string>();
    validatorClient = await startValidatorClient({
      port: settings.validatorClientPort,
      defaultFeeRecipient: rewardsClaimAddress,
      onImported: (pubkey) => running.add(pubkey),
    });
    beacon = await startBeaconStandIn({
      rpcUrl: anvils[0].rpcUrl,
      port: settings.beaconPort,
      ...(options.beaconParams ? { params: options.beaconParams } : {}),
      ...(options.onlyImportedValidatorsRun
        ? {
            running,
            autoPropose: options.autoPropose ?? true,
            feeRecipientOf: (pubkey: string) =>
              validatorClient?.store.has(pubkey) ? validatorClient.store.feeRecipient(pubkey) : undefined,
          }
        : {}),
    });
    return {
      beacon,
      validatorClient,
      ethereum: { anvil: anvils[0], client: ethereumClient, accounts: ethereumAccounts },
      conflux: { anvil: anvils[1], client: confluxClient, accounts: confluxAccounts },
      provider,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Last resort if the process exits some other way than a clean stop: do not leave the chains running. */
export function killChainsOnExit(devnet: RunningDevnet): void {
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
