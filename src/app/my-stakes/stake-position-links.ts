import type { StakePosition, StakePositions } from "../../core/api/stake-positions.ts";
import { type Environment, isNetworkSlug, type Network, networks } from "../../generated/index.ts";

/** One line of "My stakes": where it leads, its text (locale key and values). */
export interface StakePositionLink {
  readonly to: string;
  readonly key: string;
  readonly values: { readonly name: string; readonly count?: number };
  /** A pool stake's amount, in base units of its network's coin, for the text's {{amount}}. */
  readonly amount?: { readonly units: bigint; readonly decimals: number; readonly symbol: string };
}

const KEYS: Record<StakePosition["kind"], string> = {
  validators: "nav.myStakes.validators",
  "ssv-validators": "nav.myStakes.ssvValidators",
  "pool-stake": "nav.myStakes.poolStake",
};

function placeOf(network: Network, subNetwork: string | null) {
  const part = subNetwork ? network.subNetworks?.find((candidate) => candidate.id === subNetwork) : undefined;
  if (subNetwork && !part) return undefined;
  return {
    name: part?.name ?? network.name,
    coin: { decimals: network.decimals, symbol: network.symbol },
    environments: (part ? part.environments : network.environments) ?? ([] as readonly Environment[]),
    base: part ? `/${network.slug}/${part.id}` : `/${network.slug}`,
    screens: part?.screens ?? network.screens,
  };
}

/**
 * The server's positions as links for this build: only those on an environment of the build's kind (a mainnet
 * build does not list testnet stakes), each to the page that shows it: the validator screen for validators,
 * the part's dashboard for a pool stake. Unknown networks (a newer server) are left out.
 */
export function stakePositionLinks(
  answer: StakePositions,
  kind: Environment["kind"],
): { readonly links: StakePositionLink[]; readonly unreadable: string[] } {
  const links: StakePositionLink[] = [];
  const unreadable: string[] = [];
  const resolve = (entry: { network: string; subNetwork: string | null; environment: string }) => {
    if (!isNetworkSlug(entry.network)) return undefined;
    const place = placeOf(networks[entry.network], entry.subNetwork);
    const environment = place?.environments.find((candidate) => candidate.id === entry.environment);
    return place && environment?.kind === kind ? place : undefined;
  };
  for (const position of answer.positions) {
    const place = resolve(position);
    if (!place) continue;
    if (position.kind === "pool-stake") {
      links.push({
        to: `${place.base}/dashboard`,
        key: KEYS[position.kind],
        values: { name: place.name },
        amount: { units: BigInt(position.amountWei), ...place.coin },
      });
      continue;
    }
    const to = place.screens.includes("validator") ? `${place.base}/validator` : `${place.base}/staking`;
    links.push({ to, key: KEYS[position.kind], values: { name: place.name, count: position.count } });
  }
  for (const entry of answer.unreadable) {
    const place = resolve(entry);
    if (place) unreadable.push(place.name);
  }
  return { links, unreadable };
}
