import type { Address } from "viem";
import type { SsvScope } from "../core/api/ssv-scope.ts";
import { type EnvironmentChain, environmentChain } from "../core/network-environment.ts";
import type { Network } from "../generated/index.ts";
import { servedEnvironmentOf } from "./app-environment.ts";

/** What the SSV flow needs from config for the build's environment: the three contracts, the chain, the scope. */
export interface SsvOffering {
  readonly scope: SsvScope;
  readonly chain: EnvironmentChain;
  readonly token: Address;
  readonly network: Address;
  readonly views: Address;
  readonly explorerUrl: string | undefined;
  /** Blocks a day the flow counts funding periods in (ssv.blocksPerDay); a year's fee is 365 of them. */
  readonly blocksPerDay: bigint;
}

/** The SSV offering of `network` in the build's environment, or undefined when it has no SSV network there. */
export function ssvOffering(network: Network): SsvOffering | undefined {
  const environment = servedEnvironmentOf(network);
  const contracts = environment?.contracts;
  const settings = environment?.ssv;
  if (!environment || !settings || !contracts?.ssv || !contracts.ssvNetwork || !contracts.ssvNetworkViews) {
    return undefined;
  }
  return {
    scope: { network: network.slug, environment: environment.id },
    chain: environmentChain(network, environment),
    token: contracts.ssv as Address,
    network: contracts.ssvNetwork as Address,
    views: contracts.ssvNetworkViews as Address,
    explorerUrl: environment.explorers?.execution?.url,
    blocksPerDay: BigInt(settings.blocksPerDay),
  };
}
