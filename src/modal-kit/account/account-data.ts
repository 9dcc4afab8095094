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
import { isQualityToken } from "./token-quality.ts";
import { balancesFromWalletAssets } from "./wallet-assets.ts";

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
  /** Token address whose balance just changed: the server skips its own cache. */
  readonly forceUpdate?: string;
  /** The wallet's wallet_getAssets answer, when it offers asset discovery; used when it is valid. */
  readonly walletAssets?: () => Promise<unknown>;
}

/**
 * The Account view's reads from the blockchain API, each turned into the catalogue's error. Nothing is kept
 * here: the kit's QueryClient keeps the answers (account-queries.ts) and stores them (query-persistence.ts).
 */
export interface AccountData {
  /** Balances worth showing (decimals-0 tokens dropped). Throws BalanceUnavailableError. */
  balances(address: string, caipNetworkId: string, options?: BalanceOptions): Promise<TokenBalance[]>;
  /** One page of activity, as the server sends it. Throws TransactionsUnavailableError. */
  history(address: string, caipNetworkId: string, cursor?: string): Promise<HistoryPage>;
  /** Profile name and avatar. */
  identity(address: string): Promise<Identity>;
  /** The names registered to the address, oldest first. Throws NamesForAddressError. */
  namesForAddress(address: string): Promise<AccountNameProfile[]>;
  /** A wanted name's availability and free variations. Throws NameSuggestionsError. */
  suggestions(name: string): Promise<NameSuggestion[]>;
}

/** The Account view's data, read from the blockchain API. */
export function createAccountData(api: BlockchainApiClient): AccountData {
  async function catalogued<T>(fetch: () => Promise<T>, CatalogueError: new (cause: unknown) => KitError) {
    try {
      return await fetch();
    } catch (error) {
      throw new CatalogueError(error);
    }
  }
  return {
    balances(address, caipNetworkId, options = {}) {
      return catalogued(async () => {
        const fromWallet = options.walletAssets
          ? balancesFromWalletAssets(await options.walletAssets().catch(() => undefined), caipNetworkId)
          : undefined;
        const balances = fromWallet ?? (await api.balances(address, caipNetworkId, options.forceUpdate));
        return balances.filter(isQualityToken);
      }, BalanceUnavailableError);
    },
    history(address, caipNetworkId, cursor) {
      return catalogued(() => api.history(address, caipNetworkId, cursor), TransactionsUnavailableError);
    },
    identity(address) {
      return api.identity(address);
    },
    namesForAddress(address) {
      return catalogued(() => api.namesForAddress(address), NamesForAddressError);
    },
    suggestions(name) {
      return catalogued(() => api.suggestions(name), NameSuggestionsError);
    },
  };
}
