import { type Chain, createTestClient, http, publicActions, walletActions } from "viem";

/** A viem client that reads, sends from anvil's unlocked dev accounts, and drives anvil (setCode, mine, ...). */
export function createDevnetClient(chain: Chain, rpcUrl: string) {
  return createTestClient({ mode: "anvil", chain, transport: http(rpcUrl) })
    .extend(publicActions)
    .extend(walletActions);
}

export type DevnetClient = ReturnType<typeof createDevnetClient>;
