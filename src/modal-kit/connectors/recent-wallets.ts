/** Recent wallets kept in local storage (spec section 9: at most 2). */
export const MAX_RECENT_WALLETS = 2;
export const RECENT_WALLETS_STORAGE_KEY = "modalKit.recentWallets";

export interface WalletRef {
  /** Catalogue id, rdns or connector id: whatever identifies the wallet best. */
  readonly id: string;
  readonly name: string;
  readonly rdns?: string;
  readonly imageUrl?: string;
}

function isWalletRef(value: unknown): value is WalletRef {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === "string" && typeof record.name === "string";
}

export function readRecentWallets(storage: Storage | undefined = globalThis.localStorage): WalletRef[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_WALLETS_STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isWalletRef).slice(0, MAX_RECENT_WALLETS) : [];
  } catch {
    return [];
  }
}

/** Puts a wallet first in the recent list, without duplicates, keeping at most two. */
export function addRecentWallet(
  wallet: WalletRef,
  storage: Storage | undefined = globalThis.localStorage,
): WalletRef[] {
  const others = readRecentWallets(storage).filter(
    (known) => known.id !== wallet.id && (wallet.rdns === undefined || known.rdns !== wallet.rdns),
  );
  const next = [wallet, ...others].slice(0, MAX_RECENT_WALLETS);
  try {
    storage?.setItem(RECENT_WALLETS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage full or unavailable: the list only lives for this visit
  }
  return next;
}
