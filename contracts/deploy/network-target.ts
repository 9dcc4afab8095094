import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Address, getAddress, isAddress } from "viem";
import { DeployCommandError } from "./deploy-command-error.ts";

type Json = { readonly [key: string]: unknown };
type Family = "ethereum-beacon" | "delegation-pool";

interface Environment extends Json {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly chainId: number;
  readonly contracts?: Readonly<Record<string, string>>;
}

/** The environment of a network file the deployment is for, and where it sits in that file. */
export interface NetworkTarget {
  readonly file: string;
  readonly text: string;
  readonly family: Family;
  /** The network (or sub-network) name, e.g. "Conflux eSpace". */
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  /** The network's `staking` section (serviceFee, minimum, ...). */
  readonly staking: Readonly<Record<string, unknown>>;
  readonly environment: Environment;
  /** JSON path of the environment object in the file, e.g. ["environments", 1]. */
  readonly path: readonly (string | number)[];
  /** `label` of the environment for messages, e.g. "networks/ethereum.json environment hoodi". */
  readonly label: string;
}

const FAMILIES: readonly string[] = ["ethereum-beacon", "delegation-pool"];

function deployableNetworks(dir: string): string {
  const slugs = readdirSync(dir)
    .filter((name) => name.endsWith(".json") && name !== "app.json")
    .map((name) => name.slice(0, -".json".length))
    .filter((slug) => {
      const data = JSON.parse(readFileSync(join(dir, `${slug}.json`), "utf8")) as Json;
      const subs = (data.subNetworks ?? []) as Json[];
      return FAMILIES.includes(data.family as string) || subs.some((sub) => FAMILIES.includes(sub.family as string));
    });
  return slugs.join(", ");
}

/** Finds `--network` / `--sub-network` / `--environment` in `<networksDir>/<slug>.json`. */
export function findNetworkTarget(
  networksDir: string,
  slug: string,
  subNetwork: string | undefined,
  environment: string,
): NetworkTarget {
  const file = join(networksDir, `${slug}.json`);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new DeployCommandError(
      `unknown network "${slug}": there is no ${file}; networks with contracts to deploy: ${deployableNetworks(networksDir)}`,
    );
  }
  let data: Json;
  try {
    data = JSON.parse(text) as Json;
  } catch (error) {
    throw new DeployCommandError(
      `${file} is not valid JSON (${(error as Error).message}); npm run codegen shows where`,
    );
  }
  const subs = ((data.subNetworks ?? []) as Json[]).map((sub, index) => ({ sub, index }));
  let holder: Json = data;
  let path: (string | number)[] = [];
  let displayName = `${data.name}`;
  if (subNetwork !== undefined || !FAMILIES.includes(data.family as string)) {
    const candidates = subs.filter(({ sub }) =>
      subNetwork === undefined ? FAMILIES.includes(sub.family as string) : sub.id === subNetwork,
    );
    const [only] = candidates;
    if (candidates.length !== 1 || !only) {
      const ids = subs.map(({ sub }) => sub.id).join(", ") || "none";
      throw new DeployCommandError(
        subNetwork === undefined
          ? `${file} has no single sub-network with contracts to deploy; choose one with --sub-network (sub-networks: ${ids})`
          : `${file} has no sub-network "${subNetwork}" (sub-networks: ${ids})`,
      );
    }
    holder = only.sub;
    path = ["subNetworks", only.index];
    displayName = `${only.sub.name}`;
  }
  const family = holder.family as string;
  if (!FAMILIES.includes(family)) {
    throw new DeployCommandError(
      `${file}: family "${family}" has no contracts this command deploys (it deploys ${FAMILIES.join(" and ")})`,
    );
  }
  const environments = ((holder.environments ?? []) as Environment[]).map((env, index) => ({ env, index }));
  const matches = environments.filter(({ env }) => env.id === environment || env.kind === environment);
  const [match] = matches;
  if (matches.length !== 1 || !match) {
    const known = environments.map(({ env }) => `${env.id} (${env.kind})`).join(", ");
    throw new DeployCommandError(
      `${file}: ${matches.length === 0 ? "no" : "more than one"} environment "${environment}" in ${displayName}; expected one of: ${known}`,
    );
  }
  return {
    file,
    text,
    family: family as Family,
    name: displayName,
    symbol: `${data.symbol}`,
    decimals: Number(data.decimals),
    staking: { ...((data.staking ?? {}) as Json), ...((holder.staking ?? {}) as Json) },
    environment: match.env,
    path: [...path, "environments", match.index],
    label: `${file} environment ${match.env.id}`,
  };
}

/** The address the environment names in `contracts.<field>`, if any. */
export function contractInFile(target: NetworkTarget, field: string): Address | undefined {
  const value = target.environment.contracts?.[field];
  if (value === undefined) return undefined;
  if (!isAddress(value, { strict: false }))
    throw new DeployCommandError(`${target.label}: contracts.${field} "${value}" is not an address`);
  return getAddress(value);
}
