import type { PublicClient } from "viem";
import { chains, type Environment } from "../../src/generated/index.ts";
import { ApiError } from "../http/api-error.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";

/** A chain this server serves, with the client reading through its upstream pool. */
export interface ServedChain {
  readonly caipNetworkId: `eip155:${number}`;
  readonly environment: Environment;
  readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: number };
  readonly client: PublicClient | undefined;
}

export interface ChainDirectory {
  readonly served: readonly ServedEnvironment[];
  readonly clients: ReadonlyMap<number, PublicClient>;
}

/** Every served chain, each once, in registry order. */
export function servedChains({ served, clients }: ChainDirectory): ServedChain[] {
  const byId = new Map<number, ServedChain>();
  for (const { environment } of served) {
    if (byId.has(environment.chainId)) continue;
    byId.set(environment.chainId, {
      caipNetworkId: `eip155:${environment.chainId}`,
      environment,
      nativeCurrency: chains.find((chain) => chain.id === environment.chainId)?.nativeCurrency ?? {
        name: "Ether",
        symbol: "ETH",
        decimals: 18,
      },
      client: clients.get(environment.chainId),
    });
  }
  return [...byId.values()];
}

/** The served chain a CAIP-2 id ("eip155:1") names; a 400 naming `field` when it is malformed or not served. */
export function resolveChain(directory: ChainDirectory, value: unknown, field = "chainId"): ServedChain {
  const match = typeof value === "string" ? /^eip155:([1-9][0-9]{0,15})$/.exec(value) : null;
  if (!match) {
    throw new ApiError(400, "invalid_chain", `${field}: expected a CAIP-2 chain id such as "eip155:1"`, field);
  }
  const chain = servedChains(directory).find((entry) => entry.caipNetworkId === value);
  if (!chain) {
    const known = servedChains(directory)
      .map((entry) => entry.caipNetworkId)
      .join(", ");
    throw new ApiError(
      400,
      "unsupported_chain",
      `${field}: ${value} is not served here; expected one of ${known || "(none)"}`,
      field,
    );
  }
  return chain;
}
