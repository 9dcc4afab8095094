import { banner, camelCase, pascalCase } from "./banner.ts";
import { homeOrder, type NetworkEntry } from "./emit-modules.ts";

type Json = Record<string, unknown>;

interface ChainEntry {
  readonly identifier: string;
  readonly kind: string;
  readonly code: string;
}

/**
 * src/generated/chains.ts: a viem chain for every EVM environment of every network and sub-network, with the
 * CAIP-2 id and the network it belongs to in `custom`, and the chains grouped by environment kind. Chains are
 * plain objects checked against viem's Chain type (what defineChain returns for them), so importing the
 * registry loads no viem code into the page.
 */
export function emitChains(entries: readonly NetworkEntry[]): string {
  const chains: ChainEntry[] = [];
  for (const entry of homeOrder(entries)) {
    const network = entry.data;
    const offerings: Array<{ subNetwork: string | undefined; value: Json }> = [
      { subNetwork: undefined, value: network },
      ...((network.subNetworks as Json[] | undefined) ?? []).map((sub) => ({
        subNetwork: sub.id as string,
        value: sub,
      })),
    ];
    for (const { subNetwork, value } of offerings) {
      for (const environment of (value.environments as Json[] | undefined) ?? []) {
        const identifier = `${camelCase(entry.slug)}${subNetwork ? pascalCase(subNetwork) : ""}${pascalCase(environment.id as string)}Chain`;
        const explorer = (environment.explorers as Json | undefined)?.execution as Json | undefined;
        const chain: Json = {
          id: environment.chainId,
          name: environment.name,
          nativeCurrency: {
            name: (network.coinName as string | undefined) ?? network.name,
            symbol: network.symbol,
            decimals: network.decimals,
          },
          rpcUrls: { default: { http: environment.rpcUrls } },
          ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
          testnet: environment.kind !== "mainnet",
          custom: {
            network: entry.slug,
            ...(subNetwork ? { subNetwork } : {}),
            environment: environment.id,
            kind: environment.kind,
            chainNamespace: "eip155",
            caipNetworkId: `eip155:${environment.chainId}`,
          },
        };
        chains.push({
          identifier,
          kind: environment.kind as string,
          code: `export const ${identifier} = ${JSON.stringify(chain, null, 2)} as const satisfies Chain;`,
        });
      }
    }
  }
  const group = (kind: string) =>
    chains
      .filter((chain) => chain.kind === kind)
      .map((chain) => chain.identifier)
      .join(", ");
  return `${banner("networks/*.json")}
import type { Chain } from "viem";

${chains.map((chain) => chain.code).join("\n\n")}

/** Every EVM chain in config, in home-page order. */
export const chains = [${chains.map((chain) => chain.identifier).join(", ")}] as const;

/** The chains of each build: the app is built for one kind at a time. */
export const chainsByKind = {
  mainnet: [${group("mainnet")}],
  testnet: [${group("testnet")}],
  devnet: [${group("devnet")}],
} as const;
`;
}
