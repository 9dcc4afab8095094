import type { Network } from "../../src/generated/index.ts";

/**
 * The suffixes of RPC_UPSTREAMS_* and BEACON_API_URL_* that name a network environment of `registry`:
 * <NETWORK>[_<SUBNETWORK>]_<environment id>, upper case, "-" as "_" (e.g. ETHEREUM_HOODI, CONFLUX_ESPACE_TESTNET).
 */
export function environmentVariableSuffixes(registry: readonly Network[]): string[] {
  const suffix = (parts: readonly (string | undefined)[]) =>
    parts.filter(Boolean).join("_").toUpperCase().replaceAll("-", "_");
  return registry.flatMap((network) => [
    ...(network.environments ?? []).map((environment) => suffix([network.slug, environment.id])),
    ...(network.subNetworks ?? []).flatMap((sub) =>
      (sub.environments ?? []).map((environment) => suffix([network.slug, sub.id, environment.id])),
    ),
  ]);
}

/**
 * What is wrong with a variable `prefix + suffix` whose suffix names no environment (a silently ignored setting
 * would leave the server on config's public nodes), or undefined when it names one.
 */
export function unknownEnvironmentProblem(
  prefix: string,
  suffix: string,
  known: readonly string[],
): string | undefined {
  if (known.includes(suffix)) return undefined;
  const network = suffix.split("_")[0];
  const sameNetwork = known.filter((name) => name.split("_")[0] === network);
  const examples = (sameNetwork.length > 0 ? sameNetwork : known).map((name) => `${prefix}${name}`).join(", ");
  return `names no network environment; the suffix is <NETWORK>[_<SUBNETWORK>]_<environment id from networks/*.json>, expected one of: ${examples}`;
}
