import { type Address, defineChain } from "viem";
import { createDevnetClient, type DevnetClient } from "../../devnet/devnet-client.ts";
import { type RunningAnvil, startAnvil } from "../../devnet/start-anvil.ts";

export interface TestChain {
  readonly anvil: RunningAnvil;
  readonly client: DevnetClient;
  /** anvil's unlocked dev accounts. */
  readonly accounts: readonly Address[];
}

/**
 * A fresh anvil (Prague, loopback, a port anvil picks) for one test file, with a viem client that can
 * read, send from the dev accounts, and drive anvil. Stop it in afterAll with `chain.anvil.stop()`.
 */
export async function startTestChain(chainId: number, balance?: number): Promise<TestChain> {
  const anvil = await startAnvil({ chainId, ...(balance === undefined ? {} : { balance }) });
  const chain = defineChain({
    id: chainId,
    name: `Test chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const client = createDevnetClient(chain, anvil.rpcUrl);
  const accounts = await client.getAddresses();
  return { anvil, client, accounts };
}
