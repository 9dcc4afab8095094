import { familyOfTarget, type ScreenTarget } from "../core/screen-target.ts";
import type { Family } from "../generated/index.ts";
import { delegationPool } from "./delegation-pool/index.ts";
import { ethereumBeacon } from "./ethereum-beacon/index.ts";
import type { StakingFamily } from "./family.ts";
import { guided } from "./guided/index.ts";

/**
 * The app's one family registry: one line per family. The routes (src/app/pages) read it; nothing else in
 * the app knows a family by name. It holds only lazy screens and plain data, so it adds nothing of any
 * family's code to the pages that load it.
 */
export const families: Readonly<Record<Family, StakingFamily>> = {
  "ethereum-beacon": ethereumBeacon,
  "delegation-pool": delegationPool,
  guided,
};

/** The family object serving a network or a part of one. */
export function familyOf(target: ScreenTarget): StakingFamily {
  return families[familyOfTarget(target)];
}
