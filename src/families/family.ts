import type { ComponentType, LazyExoticComponent, ReactNode } from "react";
import type { ScreenTarget } from "../core/screen-target.ts";
import type { Family } from "../generated/index.ts";
import type { FamilyRequirements } from "./requirements.ts";

/**
 * The generic screens of a network's routes: `stake` (/:network, and /:network/:part/staking), `dashboard`
 * (/:network/staking, and /:network/:part/dashboard), and the dashboard's `reward`, `validator`, `claim` and
 * `operation`. Unstaking has no route of its own in the spec: a family offers it on one of these (the
 * ethereum-beacon validator screen's unstake dialog, the delegation-pool stake screen's unstake form).
 */
export type GenericScreen = "stake" | "dashboard" | "reward" | "validator" | "claim" | "operation";

/** What the generic routes hand a family's screen. */
export interface FamilyScreenProps {
  /** The network, or the part of it, the route is about. */
  readonly target: ScreenTarget;
  /** The rewards calculator set to the network, for a stake screen that shows one (features do not import each other). */
  readonly calculator?: ReactNode;
}

/** A family's screen: loaded (with the family's code) only when a route of one of its networks renders it. */
export type FamilyScreen = LazyExoticComponent<ComponentType<FamilyScreenProps>>;

/** How a family's networks connect a wallet: CAIP-2 namespaces ("eip155" for EVM chains; "cosmos" planned). */
export type WalletNamespace = "eip155" | "cosmos";

/**
 * A staking family as a plugin of the app: one object per family in src/families/<family>/index.ts, listed in
 * src/families/index.ts. The routes ask it for their screen; a screen it does not offer is the generic one.
 */
export interface StakingFamily {
  readonly id: Family;
  /** What it requires of a network file (checked by codegen; plain data in its requirements.ts). */
  readonly requirements: FamilyRequirements;
  /** The wallet namespace its networks are staked with. */
  readonly walletNamespace: WalletNamespace;
  /** The generic screens it offers, as lazy components. */
  readonly screens: Partial<Record<GenericScreen, FamilyScreen>>;
}
