import {
  type Address,
  type Chain,
  createTestClient,
  defineChain,
  http,
  publicActions,
  type TestClient,
  walletActions,
} from "viem";
import { type RunningAnvil, startAnvil } from "../../devnet/start-anvil.ts";

function createClient(chain: Chain, rpcUrl: string) {
  return createTestClient({ mode: "anvil", chain, transport: http(rpcUrl) })
    .extend(publicActions)
    .extend(walletActions);
}

export type ChainClient = ReturnType<typeof createClient> & TestClient;

export interface TestChain {
  readonly anvil: RunningAnvil;
  readonly client: ChainClient;
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
  const client = createClient(chain, anvil.rpcUrl);
  const accounts = await client.getAddresses();
  return { anvil, client, accounts };
}
