import type { Network, Screen } from "../../generated/index.ts";

/** One link of a network's page bar: where it goes, its locale key and values. */
export interface NetworkLink {
  readonly to: string;
  readonly labelKey: string;
  readonly values?: Readonly<Record<string, string>>;
}

const DASHBOARD_SCREENS: readonly Screen[] = ["reward", "validator", "claim", "operation"];

/**
 * The staker's dashboard of a network: /:network/staking, the Dashboard child that every network has (spec
 * section 2, "staking (network staking wrapper)"). It shows what the address has staked there and leads to
 * the network's reward, validator, claim and operation screens, so it is the one page to send a staker to.
 */
export function dashboardPathOf(network: Pick<Network, "slug">): string {
  return `/${network.slug}/staking`;
}

/**
 * Every page a staker of `network` may look for, from config: its stake page, its dashboard, the dashboard
 * screens it offers, the shared-operator flow, and each part of the network (Conflux eSpace) with its stake
 * and dashboard pages. A network that is coming soon has none.
 */
export function networkLinksOf(network: Network): NetworkLink[] {
  if (network.status === "coming-soon") return [];
  const base = `/${network.slug}`;
  const links: NetworkLink[] = [
    { to: base, labelKey: "network.screens.stake" },
    { to: dashboardPathOf(network), labelKey: "network.links.dashboard" },
    ...DASHBOARD_SCREENS.filter((screen) => network.screens.includes(screen)).map((screen) => ({
      to: `${base}/${screen}`,
      labelKey: `network.screens.${screen}`,
    })),
  ];
  if (network.screens.includes("ssv")) links.push({ to: `${base}/ssv/operators`, labelKey: "network.links.ssv" });
  for (const part of network.subNetworks ?? []) {
    links.push(...subNetworkLinksOf(network, part.id).slice(0, 2));
  }
  return links;
}

/** The stake page and dashboard of a part of a network (/conflux/espace/staking, /conflux/espace/dashboard). */
export function subNetworkLinksOf(network: Network, partId: string): NetworkLink[] {
  const part = network.subNetworks?.find((candidate) => candidate.id === partId);
  if (!part) return [];
  const base = `/${network.slug}/${part.id}`;
  return [
    { to: `${base}/staking`, labelKey: "network.links.partStake", values: { name: part.name } },
    { to: `${base}/dashboard`, labelKey: "network.links.partDashboard", values: { name: part.name } },
    { to: `/${network.slug}`, labelKey: "network.links.parent", values: { name: network.name } },
  ];
}
