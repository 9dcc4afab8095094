import { type Address, parseUnits } from "viem";
import type { Network } from "../generated/index.ts";
import { environmentChain } from "./network-environment.ts";

/** Everything the stake flow needs from config for the build's environment, resolved once. */
export interface StakeOffering {
  readonly slug: string;
  readonly name: string;
  readonly symbol: string;
  /** The network's icon file in networks/icons/ (NetworkIcon), when it has one. */
  readonly icon?: string;
  readonly decimals: number;
  readonly chain: { readonly id: number; readonly name: string; readonly symbol: string };
  readonly environment: { readonly id: string; readonly genesisForkVersion: string };
  readonly contract: Address;
  readonly explorerUrl: string | undefined;
  /** Decimal strings from config. */
  readonly minimum: string;
  readonly maximum: string;
  readonly perValidator: string;
  readonly serviceFee: string;
  /** The same in wei. */
  readonly minimumWei: bigint;
  readonly maximumWei: bigint;
  readonly perValidatorWei: bigint;
  readonly serviceFeeWei: bigint;
}

/**
 * The stake offering of an ethereum-beacon network in one environment kind, or undefined when config lacks
 * what staking needs there (the batch staking contract, the genesis fork version or the amounts).
 */
export function stakeOffering(network: Network, kind: string): StakeOffering | undefined {
  const environment = network.environments?.find((candidate) => candidate.kind === kind);
  const contract = environment?.contracts?.ethStaking;
  const { minimum, maximum, perValidator } = network.staking;
  if (!environment?.genesisForkVersion || !contract || !minimum || !maximum || !perValidator) return undefined;
  const serviceFee = network.staking.serviceFee ?? "0";
  const wei = (amount: string) => parseUnits(amount, network.decimals);
  return {
    slug: network.slug,
    name: network.name,
    symbol: network.symbol,
    icon: network.icon,
    decimals: network.decimals,
    chain: environmentChain(network, environment),
    environment: { id: environment.id, genesisForkVersion: environment.genesisForkVersion },
    contract,
    explorerUrl: environment.explorers?.execution?.url,
    minimum,
    maximum,
    perValidator,
    serviceFee,
    minimumWei: wei(minimum),
    maximumWei: wei(maximum),
    perValidatorWei: wei(perValidator),
    serviceFeeWei: wei(serviceFee),
  };
}
