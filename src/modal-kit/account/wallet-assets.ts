import { formatUnits, numberToHex } from "viem";
import type { TokenBalance } from "../../core/api/blockchain-api.ts";

interface WalletAsset {
  readonly address: string;
  /** Hex amount in base units. */
  readonly balance: string;
  readonly type: "ERC20" | "NATIVE";
  readonly metadata: {
    readonly name: string;
    readonly symbol: string;
    readonly iconUrl: string;
    readonly decimals: number;
    readonly price: number;
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * Spec section 5: a wallet asset response is valid only if every asset has string address and balance, type
 * ERC20 or NATIVE, and metadata with string name, symbol, iconUrl and numeric decimals and price.
 */
export function isValidWalletAssets(assets: unknown): assets is WalletAsset[] {
  return (
    Array.isArray(assets) &&
    assets.every(
      (asset) =>
        isRecord(asset) &&
        typeof asset.address === "string" &&
        typeof asset.balance === "string" &&
        (asset.type === "ERC20" || asset.type === "NATIVE") &&
        isRecord(asset.metadata) &&
        typeof asset.metadata.name === "string" &&
        typeof asset.metadata.symbol === "string" &&
        typeof asset.metadata.iconUrl === "string" &&
        typeof asset.metadata.decimals === "number" &&
        typeof asset.metadata.price === "number",
    )
  );
}

/**
 * The balances of a wallet_getAssets answer ({ [hex chain id]: assets }) for one chain, or undefined when the
 * answer is not valid (then the kit asks the blockchain API instead).
 */
export function balancesFromWalletAssets(answer: unknown, caipNetworkId: string): TokenBalance[] | undefined {
  const chainId = Number(caipNetworkId.split(":")[1]);
  if (!isRecord(answer) || !Number.isSafeInteger(chainId)) return undefined;
  const assets = answer[numberToHex(chainId)];
  if (!isValidWalletAssets(assets)) return undefined;
  try {
    return assets.map((asset) => {
      const numeric = formatUnits(BigInt(asset.balance), asset.metadata.decimals);
      return {
        name: asset.metadata.name,
        symbol: asset.metadata.symbol,
        chainId: caipNetworkId,
        ...(asset.type === "ERC20" ? { address: `${caipNetworkId}:${asset.address}` } : {}),
        value: asset.metadata.price * Number(numeric),
        price: asset.metadata.price,
        quantity: { decimals: String(asset.metadata.decimals), numeric },
        iconUrl: asset.metadata.iconUrl,
      };
    });
  } catch {
    // A balance that is not a number.
    return undefined;
  }
}
