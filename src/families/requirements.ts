import { delegationPoolRequirements } from "./delegation-pool/requirements.ts";
import { ethereumBeaconRequirements } from "./ethereum-beacon/requirements.ts";
import { guidedRequirements } from "./guided/requirements.ts";

/**
 * One field a family reads from a network file, checked by codegen on every network (or sub-network) of the
 * family: `missing "<last segment>": the <family> family <because>; expected <expected>`, at the pointer of
 * the field's parent object.
 */
export interface FieldRequirement {
  /** Where the field sits, from the network (or sub-network), or from each environment: ["staking", "perValidator"]. */
  readonly path: readonly [string, ...string[]];
  /** Why the family needs it, as a clause after "the <family> family": "verifies deposit signatures under it". */
  readonly because: string;
  /** What a good value looks like: 'a fork version such as "0x00000000"'. */
  readonly expected: string;
  /** Only a live network needs it (a coming-soon one offers no stake action). */
  readonly onlyWhenLive?: boolean;
}

/**
 * What a staking family requires of the config of each network (or sub-network) that names it: plain data,
 * no React and no generated code, so codegen reads it (codegen/rules/family-requirements.ts) before
 * src/generated/ exists. Each family declares its own in src/families/<family>/requirements.ts.
 */
export interface FamilyRequirements {
  /** The value of `family` in network files. */
  readonly family: string;
  /** Fields of the network (or sub-network) itself. */
  readonly fields?: readonly FieldRequirement[];
  /** When present, at least one environment is needed; `because` says why (after "the <family> family"). */
  readonly environments?: { readonly because: string };
  /** Fields of each of its environments. */
  readonly environmentFields?: readonly FieldRequirement[];
  /**
   * A live network of the family offers staking with the provider only once config holds this field (a
   * guided network: the provider's id users delegate to). Without it the stake page says staking is not open
   * there yet, and the home page does not count the network among those to stake on.
   */
  readonly opensWith?: readonly [string, ...string[]];
}

/**
 * Every registered family's config requirements, in the order codegen lists them. The family objects in
 * src/families/index.ts carry the same declarations; a family is registered by its line there and here
 * (tests/family-registry.test.ts holds both lists equal).
 */
export const FAMILY_REQUIREMENTS = [
  ethereumBeaconRequirements,
  delegationPoolRequirements,
  guidedRequirements,
] as const satisfies readonly FamilyRequirements[];

/** The registered family names ("ethereum-beacon", "delegation-pool", "guided"). */
export type RegisteredFamily = (typeof FAMILY_REQUIREMENTS)[number]["family"];

/** The requirements of a registered family, or undefined for a name nobody registered. */
export function familyRequirementsOf(family: string): FamilyRequirements | undefined {
  return FAMILY_REQUIREMENTS.find((entry) => entry.family === family);
}

interface OfferingConfig {
  readonly family: string;
}

/**
 * Whether a live network (or one of its sub-networks) can be staked with the provider from this app: its
 * family needs nothing more, or config holds what the family opens with.
 */
export function offersStaking(
  network: OfferingConfig & { readonly status: string; readonly subNetworks?: readonly OfferingConfig[] },
): boolean {
  if (network.status !== "live") return false;
  return [network, ...(network.subNetworks ?? [])].some((offering) => {
    const path = familyRequirementsOf(offering.family)?.opensWith;
    if (!path) return true;
    let value: unknown = offering;
    for (const segment of path)
      value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[segment] : undefined;
    return value !== undefined;
  });
}
