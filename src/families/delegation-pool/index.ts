import { lazy } from "react";
import type { StakingFamily } from "../family.ts";
import { delegationPoolRequirements } from "./requirements.ts";

/**
 * An EVM delegation-pool contract (Conflux eSpace's PoS pool, or any network configured with one): staked,
 * unstaked, withdrawn and claimed from the browser, read from the chain through the server's RPC proxy. Its
 * stake screen holds the position and the unstake form; its dashboard shows the pool and any address's position.
 */
export const delegationPool: StakingFamily = {
  id: "delegation-pool",
  requirements: delegationPoolRequirements,
  walletNamespace: "eip155",
  screens: {
    stake: lazy(async () => ({
      default: (await import("../../features/pool-staking/PoolScreens.tsx")).PoolStakeScreen,
    })),
    dashboard: lazy(async () => ({
      default: (await import("../../features/pool-staking/PoolScreens.tsx")).PoolDashboardScreen,
    })),
  },
};
