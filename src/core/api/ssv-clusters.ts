import { z } from "zod";
import { ownerScopeQuery } from "./owner-scope.ts";
import { hexSchema, weiCodec } from "./wire.ts";

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

/** One of a cluster's operators with what it charges each of the cluster's validators. */
export const ssvClusterOperatorSchema = z.object({
  id: z.number().int().positive(),
  /** SSV wei per block, per validator; 0 once removed. */
  fee: weiCodec,
  /** SSV wei per year (365 days of the environment's ssv.blocksPerDay: 2,613,400 blocks on Ethereum), per validator. */
  feePerYear: weiCodec,
  verified: z.boolean().describe("Vetted by this provider."),
  removed: z.boolean(),
});

/** A validator registered in the cluster and not removed. */
export const ssvClusterValidatorSchema = z
  .object({
    /** 0x and 96 hexadecimal digits, lower case. */
    publicKey: hexSchema,
    addedAtBlock: z.number().int().nonnegative().describe("The block of its ValidatorAdded event."),
  })
  .describe("publicKey: 0x and 96 hexadecimal digits, lower case.");

export const ssvClusterSchema = z
  .object({
    operatorIds: z.array(z.number().int().positive()).describe("Ascending."),
    operators: z
      .array(ssvClusterOperatorSchema)
      .describe(
        "In operatorIds order; fee: SSV wei per block per validator, feePerYear: over 365 × the environment's ssv.blocksPerDay blocks.",
      ),
    validators: z.array(ssvClusterValidatorSchema).describe("Registered and not removed, oldest first."),
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

export type SsvClusterOperator = z.output<typeof ssvClusterOperatorSchema>;
