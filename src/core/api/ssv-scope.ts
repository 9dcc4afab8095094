import { z } from "zod";

/** Where an SSV read is about: a network slug and one of its environments with an SSV network contract. */
export const ssvScopeQuery = z.object({
  network: z.string().describe('Network slug, e.g. "ethereum".'),
  environment: z.string().describe('Environment id with an SSV network, e.g. "mainnet" or "devnet".'),
});

export type SsvScope = z.output<typeof ssvScopeQuery>;
