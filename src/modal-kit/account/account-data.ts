import type {
  AccountNameProfile,
  HistoryPage,
  Identity,
  NameSuggestion,
  TokenBalance,
} from "../../core/api/blockchain-api.ts";
import { KitError } from "../errors/kit-error.ts";
import type { BlockchainApiClient } from "./blockchain-api-client.ts";
import { NameSuggestionsError, NamesForAddressError } from "./name-registration.ts";
import type { TimedCache } from "./timed-cache.ts";
import { isQualityToken } from "./token-quality.ts";
import { balancesFromWalletAssets } from "./wallet-assets.ts";

/** Spec section 9: balances cached 30 s; a failed balance fetch is not retried for 30 s. */
export const BALANCES_CACHE_MS = 30_000;
export const BALANCE_RETRY_MS = 30_000;
/** Spec section 9: names and identity cached 5 min. */
export const IDENTITY_CACHE_MS = 5 * 60_000;

/** 'Token Balance Unavailable' (spec section 8): a balance fetch failed, or failed less than 30 s ago. */
export class BalanceUnavailableError extends KitError {
  override name = "BalanceUnavailableError";
  constructor(cause?: unknown) {
    super("Token Balance Unavailable", "modalKit.errors.tokenBalanceUnavailable", { cause });
  }
}

/** 'Failed to fetch transactions' (spec section 8). */
export class TransactionsUnavailableError extends KitError {
  override name = "TransactionsUnavailableError";
  constructor(cause?: unknown) {
    super("Failed to fetch transactions", "modalKit.errors.fetchTransactions", { cause });
  }
}

export interface BalanceOptions {
  /** Token address whose balance just changed: skip the caches. */
  readonly forceUpdate?: string;
  /** The wallet's wallet_getAssets answer, when it offers asset discovery; used when it is valid. */
  readonly walletAssets?: () => Promise<unknown>;
}

export interface AccountData {
  /** Balances worth showing (decimals-0 tokens dropped), from the cache when younger than 30 s. */
  balances(address: string, caipNetworkId: string, options?: BalanceOptions): Promise<TokenBalance[]>;
  /** One page of activity, as the server sends it. */
  history(address: string, caipNetworkId: string, cursor?: string): Promise<HistoryPage>;
  /** Profile name and avatar, from the cache when younger than 5 min. */
  identity(address: string): Promise<Identity>;
  /**
   * The names registered to the address, oldest first, from the cache when younger than 5 min. Throws
   * NamesForAddressError ('Error fetching names for address').
   */
  namesForAddress(address: string): Promise<AccountNameProfile[]>;
  /**
   * Remembers a name just registered as the address's profile name (spec section 4, "set the profile name"):
   * it leads the address's names and is the identity's name.
   */
  setProfileName(address: string, name: string): void;
  /**
   * A wanted name's availability and free variations, from the cache when younger than 5 min. Throws
   * NameSuggestionsError ('Error fetching name suggestions').
   */
  suggestions(name: string): Promise<NameSuggestion[]>;
  /** Drops the cached availability of a wanted name (it was just registered). */
  forgetSuggestions(name: string): void;
}

/** The Account view's data: the blockchain API behind the local-storage caches of spec section 9. */
export function createAccountData(api: BlockchainApiClient, cache: TimedCache): AccountData {
  const balanceKey = (address: string, chain: string) => `balances:${chain}:${address.toLowerCase()}`;
  const failureKey = (address: string, chain: string) => `balances-failed:${chain}:${address.toLowerCase()}`;
  const identityKey = (address: string) => `identity:${address.toLowerCase()}`;
  const namesKey = (name: string) => `names:${name.toLowerCase()}`;
  const reverseKey = (address: string) => `reverse-names:${address.toLowerCase()}`;
  /** The cached value when younger than 5 min, else fetched and cached; a failure becomes the catalogue's error. */
  async function fiveMinutes<T>(
    key: string,
    fetch: () => Promise<T>,
    CatalogueError?: new (cause: unknown) => KitError,
  ): Promise<T> {
    const cached = cache.read<T>(key, IDENTITY_CACHE_MS);
    if (cached) return cached;
    let value: T;
    try {
      value = await fetch();
    } catch (error) {
      throw CatalogueError ? new CatalogueError(error) : error;
    }
    cache.write(key, value);
    return value;
  }
  return {
    async balances(address, caipNetworkId, options = {}) {
      const key = balanceKey(address, caipNetworkId);
      if (options.forceUpdate === undefined) {
        const cached = cache.read<TokenBalance[]>(key, BALANCES_CACHE_MS);
        if (cached) return cached;
      }
      if (cache.read<boolean>(failureKey(address, caipNetworkId), BALANCE_RETRY_MS))
        throw new BalanceUnavailableError();
      let balances: TokenBalance[];
      try {
        const fromWallet = options.walletAssets
          ? balancesFromWalletAssets(await options.walletAssets().catch(() => undefined), caipNetworkId)
          : undefined;
        balances = (fromWallet ?? (await api.balances(address, caipNetworkId, options.forceUpdate))).filter(
          isQualityToken,
        );
      } catch (error) {
        cache.write(failureKey(address, caipNetworkId), true);
        throw new BalanceUnavailableError(error);
      }
      cache.write(key, balances);
      return balances;
    },
    async history(address, caipNetworkId, cursor) {
      try {
        return await api.history(address, caipNetworkId, cursor);
      } catch (error) {
        throw new TransactionsUnavailableError(error);
      }
    },
    identity(address) {
      return fiveMinutes(identityKey(address), () => api.identity(address));
    },
    namesForAddress(address) {
      return fiveMinutes(reverseKey(address), () => api.namesForAddress(address), NamesForAddressError);
    },
    setProfileName(address, name) {
      const current = cache.read<Identity>(identityKey(address), IDENTITY_CACHE_MS);
      cache.write(identityKey(address), { name, avatar: current?.avatar ?? null });
      const others = (cache.read<AccountNameProfile[]>(reverseKey(address), IDENTITY_CACHE_MS) ?? []).filter(
        (profile) => profile.name !== name,
      );
      cache.write(reverseKey(address), [{ name, registered: Math.floor(Date.now() / 1000) }, ...others]);
    },
    suggestions(name) {
      return fiveMinutes(namesKey(name), () => api.suggestions(name), NameSuggestionsError);
    },
    forgetSuggestions(name) {
      cache.remove(namesKey(name));
    },
  };
}
