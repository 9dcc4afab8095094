import { numberToHex } from "viem";

interface RequestingProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

/**
 * The wallet's own view of the account's assets (EIP-7811 wallet_getAssets) when its capabilities
 * (EIP-5792 wallet_getCapabilities) say it discovers assets on the chain; undefined otherwise.
 */
export async function discoverWalletAssets(
  provider: RequestingProvider,
  address: string,
  chainId: number,
): Promise<unknown> {
  const chain = numberToHex(chainId);
  const capabilities = (await provider.request({ method: "wallet_getCapabilities", params: [address, [chain]] })) as
    | Record<string, { assetDiscovery?: { supported?: boolean } } | undefined>
    | undefined;
  if (capabilities?.[chain]?.assetDiscovery?.supported !== true) return undefined;
  return provider.request({ method: "wallet_getAssets", params: [{ account: address, chainFilter: [chain] }] });
}
