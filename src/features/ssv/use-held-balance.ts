import { useState } from "react";
import type { SsvCluster } from "../../core/api/ssv-clusters.ts";

const snapshotKey = (cluster: SsvCluster) =>
  [cluster.operatorIds.join(","), cluster.cluster.validatorCount, cluster.cluster.index, cluster.cluster.balance].join(
    ":",
  );

/**
 * The cluster's balance as first read for its current snapshot, held until the snapshot changes (a registration,
 * a deposit). The live balance falls by the burn rate every block, so a top-up computed from it would grow after
 * each block and outrun the allowance just approved; held, the amount approved is the amount registered. The
 * cluster ends the period short by the few blocks' fees between the read and the registration, no more.
 */
export function useHeldBalance(cluster: SsvCluster | undefined): bigint | undefined {
  const [held, setHeld] = useState<{ readonly key: string; readonly balance: bigint }>();
  if (!cluster) return undefined;
  const key = snapshotKey(cluster);
  if (held?.key === key) return held.balance;
  setHeld({ key, balance: cluster.balance });
  return cluster.balance;
}
