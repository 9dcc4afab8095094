import { z } from "zod";
import { ownerScopeQuery } from "./owner-scope.ts";
import { weiCodec } from "./wire.ts";

/** GET /ssv/clusters: an owner's SSV clusters, each with the snapshot the next call needs and its runway. */
export const ssvClustersPath = "/ssv/clusters";

export const ssvClustersQuery = ownerScopeQuery;

/** The contract's Cluster struct, exactly as the next registerValidator / deposit / withdraw call must pass it. */
export const ssvClusterSnapshotSchema = z.object({
  validatorCount: z.number().int().nonnegative(),
  networkFeeIndex: weiCodec,
  index: weiCodec,
  active: z.boolean(),
  balance: weiCodec,
});

export const ssvClusterSchema = z
  .object({
    operatorIds: z.array(z.number().int().positive()).describe("Ascending."),
    cluster: ssvClusterSnapshotSchema,
    /** SSV wei left now (the contract's getBalance); 0 when liquidated. */
    balance: weiCodec,
    /** SSV wei per block: (operators' fees + network fee) × validators. */
    burnRate: weiCodec,
    runwayDays: z
      .number()
      .nullable()
      .describe(
        "Days (of the environment's ssv.blocksPerDay blocks) until the balance reaches the liquidation collateral; null when nothing burns.",
      ),
    liquidated: z.boolean(),
  })
  .describe(
    "balance: SSV wei left now (getBalance), 0 when liquidated; burnRate: SSV wei per block, (operators' fees + network fee) × validators.",
  );

export const ssvClustersResponse = z.object({ clusters: z.array(ssvClusterSchema) });

export type SsvCluster = z.output<typeof ssvClusterSchema>;
