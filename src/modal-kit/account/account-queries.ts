import { infiniteQueryOptions, queryOptions, skipToken } from "@tanstack/react-query";
import type { HistoryPage } from "../../core/api/blockchain-api.ts";
import { BALANCES_CACHE_MS, type BalanceOptions, IDENTITY_CACHE_MS } from "./account-data.ts";
import type { AccountServices } from "./account-services.ts";

/** Query keys of the Account view's data, so a send or a registration can refresh them. */
export const accountQueryKeys = {
  balances: ["modal-kit", "balances"] as const,
  history: ["modal-kit", "history"] as const,
  identity: ["modal-kit", "identity"] as const,
  names: ["modal-kit", "names-for-address"] as const,
  nameSuggestions: ["modal-kit", "name-suggestions"] as const,
};

/** The token balances of the address on the chain, refreshed every 30 s (spec section 9); a failure is not retried. */
export function accountBalancesQueryOptions(
  services: AccountServices | undefined,
  address: string,
  caipNetworkId: string,
  options: BalanceOptions = {},
) {
  return queryOptions({
    queryKey: [...accountQueryKeys.balances, caipNetworkId, address] as const,
    retry: false,
    staleTime: BALANCES_CACHE_MS,
    refetchInterval: BALANCES_CACHE_MS,
    queryFn: services ? () => services.data.balances(address, caipNetworkId, options) : skipToken,
  });
}

/** Activity pages of the address on the chain, as the server pages them; a failure is not retried. */
export function accountHistoryQueryOptions(
  services: AccountServices | undefined,
  address: string,
  caipNetworkId: string,
) {
  return infiniteQueryOptions({
    queryKey: [...accountQueryKeys.history, caipNetworkId, address] as const,
    retry: false,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: HistoryPage) => last.next ?? undefined,
    queryFn: services ? ({ pageParam }) => services.data.history(address, caipNetworkId, pageParam) : skipToken,
  });
}

/** Profile name and avatar of the address (kept 5 min). */
export function identityQueryOptions(services: AccountServices | undefined, address: string) {
  return queryOptions({
    queryKey: [...accountQueryKeys.identity, address] as const,
    retry: false,
    staleTime: IDENTITY_CACHE_MS,
    queryFn: services ? () => services.data.identity(address) : skipToken,
  });
}

/** The names registered to the address (kept 5 min); nothing is asked for an empty address. */
export function accountNamesQueryOptions(services: AccountServices | undefined, address: string) {
  return queryOptions({
    queryKey: [...accountQueryKeys.names, address] as const,
    retry: false,
    staleTime: IDENTITY_CACHE_MS,
    queryFn: services && address !== "" ? () => services.data.namesForAddress(address) : skipToken,
  });
}

/** A wanted name's availability and free variations (kept 5 min); nothing is asked until the name is valid. */
export function nameSuggestionsQueryOptions(services: AccountServices | undefined, wanted: string, valid: boolean) {
  return queryOptions({
    queryKey: [...accountQueryKeys.nameSuggestions, wanted.toLowerCase()] as const,
    retry: false,
    staleTime: IDENTITY_CACHE_MS,
    queryFn: services && valid ? () => services.data.suggestions(wanted) : skipToken,
  });
}
