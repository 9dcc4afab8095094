import type { Environment, Family } from "../../src/generated/index.ts";

/**
 * The server side of a staking family: what the server does for the networks (and parts of networks) that name
 * it. One object per family that needs the server, in server/families/<family>/index.ts, listed in
 * server/families/index.ts; a family without one (delegation-pool, guided) gets nothing of the server but its
 * JSON-RPC proxy and the generic reads.
 */
export interface ServerFamily {
  readonly id: Family;
  /**
   * Its networks take validator deposits: the deposit data endpoint generates keys for them
   * (server/deposits/resolve-deposit-plan.ts) and GET /deposits/known answers for them.
   */
  readonly validatorDeposits: boolean;
  /** Whether the indexer (server/indexer/) follows this served environment of one of its networks. */
  readonly indexes: (environment: Environment) => boolean;
}
