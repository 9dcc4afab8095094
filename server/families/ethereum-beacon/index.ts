import type { ServerFamily } from "../family.ts";

/**
 * Ethereum's consensus layer on the server: deposit data and keys for its networks, the known-deposits guard,
 * and the indexer over every served environment with a deposit contract (deposits, the batch staking and
 * claim contracts, EIP-7002 / EIP-7251 requests, SSV, then the Beacon API's validators and rewards).
 */
export const ethereumBeaconServer: ServerFamily = {
  id: "ethereum-beacon",
  validatorDeposits: true,
  indexes: (environment) => environment.contracts?.deposit !== undefined,
};
