import type { Network } from "../../generated/index.ts";
import type { SsvOffering } from "../../lib/ssv-offering.ts";

/** The flow's five steps in order: their route segment and locale key. */
export const SSV_FLOW_STEPS = [
  { path: "operators", key: "operators" },
  { path: "funding-period", key: "fundingPeriod" },
  { path: "upload-files", key: "uploadFiles" },
  { path: "validator-detail", key: "validatorDetail" },
  { path: "deposit", key: "deposit" },
] as const;

/** What every step screen gets: the environment's SSV offering, the flow's base path and the network. */
export interface SsvStepProps {
  readonly offering: SsvOffering;
  /** "/ethereum/ssv": a step's path is base + "/" + its segment. */
  readonly base: string;
  /** The network the flow runs on (its coin for gas, its stake offering for the 32 ETH deposits). */
  readonly network: Network;
}

/** The store's scope of an offering: one flow per network environment. */
export const flowScope = (offering: SsvOffering) => `${offering.scope.network}:${offering.scope.environment}`;
