import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { EIP1193Provider as Eip1193Provider } from "viem";
import { useConnection } from "wagmi";
import {
  accountBalancesQueryOptions,
  accountHistoryQueryOptions,
  accountNamesQueryOptions,
  identityQueryOptions,
} from "../../account/account-queries.ts";
import type { AccountServices } from "../../account/account-services.ts";
import { discoverWalletAssets } from "../../account/wallet-asset-discovery.ts";
import { useKit } from "../../modal/kit-context.ts";

/**
 * The token balances of the address on the chain, refreshed every 30 s (spec section 9). A failure shows the
 * 'Token Balance Unavailable' toast, and the next fetch stays off the network for 30 s (account-queries.ts).
 */
export function useAccountBalances(services: AccountServices | undefined, address: string, caipNetworkId: string) {
  const { toasts } = useKit();
  const { connector } = useConnection();
  const chainId = Number(caipNetworkId.split(":")[1]);
  const query = useQuery(
    accountBalancesQueryOptions(services, address, caipNetworkId, {
      ...(connector
        ? {
            walletAssets: async () =>
              discoverWalletAssets((await connector.getProvider()) as Eip1193Provider, address, chainId),
          }
        : {}),
    }),
  );
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toasts.show({ variant: "error", textKey: "modalKit.errors.tokenBalanceUnavailable" });
  }, [failedAt, toasts]);
  return query;
}

/** Activity pages of the address on the chain; a failure shows 'Failed to fetch transactions' and no list. */
export function useAccountHistory(services: AccountServices | undefined, address: string, caipNetworkId: string) {
  const { toasts } = useKit();
  const query = useInfiniteQuery(accountHistoryQueryOptions(services, address, caipNetworkId));
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toasts.show({ variant: "error", textKey: "modalKit.errors.fetchTransactions" });
  }, [failedAt, toasts]);
  return query;
}

/** Profile name and avatar of the address (kept 5 min, in local storage through the kit's QueryClient). */
export function useIdentity(services: AccountServices | undefined, address: string) {
  return useQuery(identityQueryOptions(services, address));
}

/**
 * The names registered to the address (kept 5 min, in local storage through the kit's QueryClient). A failure
 * shows 'Error fetching names for address'; the view goes on with the identity's name or the address.
 */
export function useAccountNames(services: AccountServices | undefined, address: string) {
  const { toasts } = useKit();
  const query = useQuery(accountNamesQueryOptions(services, address));
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toasts.show({ variant: "error", textKey: "modalKit.errors.namesForAddress" });
  }, [failedAt, toasts]);
  return query;
}
