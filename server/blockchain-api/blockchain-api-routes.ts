import type { FastifyInstance } from "fastify";
import { allowedOriginsRoute } from "./allowed-origins.ts";
import { analyticsRoute } from "./analytics.ts";
import { analyticsConfigRoute } from "./analytics-config.ts";
import { balanceRoute } from "./balance.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { historyRoute } from "./history.ts";
import { identityRoute } from "./identity.ts";
import { nameLookupRoute } from "./name-lookup.ts";
import { nameSuggestionsRoute } from "./name-suggestions.ts";
import { registerNameRoute } from "./register-name.ts";
import { remoteConfigRoute } from "./remote-config.ts";
import { reverseLookupRoute } from "./reverse-lookup.ts";
import { supportedChainsRoute } from "./supported-chains.ts";

/**
 * The wallet kit's blockchain API (modal-kit spec section 7), self-hosted: register with
 * `{ prefix: "/blockchain-api" }`.
 */
export async function blockchainApiRoutes(
  app: FastifyInstance,
  { prefix: _prefix, ...dependencies }: BlockchainApiDependencies & { prefix?: string },
) {
  // The prefix applies to this plugin once; handing it on to each route would apply it again.
  for (const route of [
    supportedChainsRoute,
    identityRoute,
    balanceRoute,
    historyRoute,
    registerNameRoute,
    nameLookupRoute,
    reverseLookupRoute,
    nameSuggestionsRoute,
    remoteConfigRoute,
    allowedOriginsRoute,
    analyticsConfigRoute,
  ]) {
    await app.register(route, dependencies);
  }
  await app.register(analyticsRoute, dependencies);
}
