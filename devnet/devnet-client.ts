import { type Chain, createTestClient, http, publicActions, walletActions } from "viem";

/** A viem client that reads, sends from anvil's unlocked dev accounts, and drives anvil (setCode, mine, ...). */
export function createDevnetClient(chain: Chain, rpcUrl: string) {
  // 60 s, not viem's 10 s: mining thousands of blocks at once (anvil_mine) can take longer on a loaded 2-core machine.
  return createTestClient({ mode: "anvil", chain, transport: http(rpcUrl, { timeout: 60_000 }) })
    .extend(publicActions)
    .extend(walletActions);
}

export type DevnetClient = ReturnType<typeof createDevnetClient>;
