import { infiniteQueryOptions, type QueryClient, type QueryKey, queryOptions, skipToken } from "@tanstack/react-query";
import type { AccountNameProfile, HistoryPage, Identity } from "../../core/api/blockchain-api.ts";
import { type BalanceOptions, BalanceUnavailableError } from "./account-data.ts";
import type { AccountServices } from "./account-services.ts";

/** Spec section 9: balances kept 30 s; a failed balance fetch is not retried for 30 s. */
export const BALANCES_CACHE_MS = 30_000;
export const BALANCE_RETRY_MS = 30_000;
/** Spec section 9: names and identity kept 5 min. */
export const IDENTITY_CACHE_MS = 5 * 60_000;

/** Query keys of the Account view's data, so a send or a registration can refresh them. */
export const accountQueryKeys = {
  balances: ["modal-kit", "balances"] as const,
  /** When a balance fetch last failed (data: that time), so the next one waits 30 s. */
  balanceFailure: ["modal-kit", "balances-failed"] as const,
  history: ["modal-kit", "history"] as const,
  identity: ["modal-kit", "identity"] as const,
  names: ["modal-kit", "names-for-address"] as const,
  nameSuggestions: ["modal-kit", "name-suggestions"] as const,
  nativeBalance: ["modal-kit", "native-balance"] as const,
};

/**
 * How long the kit keeps each query in local storage (query-persistence.ts), by its key's second part: the
 * spec section 9 caches. Activity pages and everything else live in memory only.
 */
const PERSISTED_MS: Readonly<Record<string, number>> = {
  [accountQueryKeys.balances[1]]: BALANCES_CACHE_MS,
  [accountQueryKeys.balanceFailure[1]]: BALANCE_RETRY_MS,
  [accountQueryKeys.identity[1]]: IDENTITY_CACHE_MS,
  [accountQueryKeys.names[1]]: IDENTITY_CACHE_MS,
  [accountQueryKeys.nameSuggestions[1]]: IDENTITY_CACHE_MS,
  [accountQueryKeys.nativeBalance[1]]: BALANCES_CACHE_MS,
};

/** The time a kit query stays in local storage, or undefined for one that is not stored. */
export function persistedQueryMaxAge(queryKey: QueryKey): number | undefined {
  const [scope, kind] = queryKey;
  return scope === "modal-kit" && typeof kind === "string" ? PERSISTED_MS[kind] : undefined;
}

/** Addresses are keyed in lower case, so a checksummed and a lower-case address share their data. */
const addressKey = (address: string) => address.toLowerCase();

/**
 * The token balances of the address on the chain, refreshed every 30 s (spec section 9); a failure is not
 * retried, and for 30 s after it the next fetch fails at once without asking (the failure's time is a query of
 * its own, stored like the balances).
 */
export function accountBalancesQueryOptions(
  services: AccountServices | undefined,
  address: string,
  caipNetworkId: string,
  options: BalanceOptions = {},
) {
  const failureKey = [...accountQueryKeys.balanceFailure, caipNetworkId, addressKey(address)] as const;
  return queryOptions({
    queryKey: [...accountQueryKeys.balances, caipNetworkId, addressKey(address)] as const,
    retry: false,
    staleTime: BALANCES_CACHE_MS,
    refetchInterval: BALANCES_CACHE_MS,
    queryFn: services
      ? async ({ client }) => {
          // Built, not only looked up, so that a failure stored by an earlier page or kit is read too.
          const failedAt = client.getQueryCache().build<number>(client, { queryKey: failureKey }).state.data;
          if (failedAt !== undefined && Date.now() - failedAt < BALANCE_RETRY_MS && Date.now() >= failedAt)
            throw new BalanceUnavailableError();
          try {
            return await services.data.balances(address, caipNetworkId, options);
          } catch (error) {
            const at = Date.now();
            client.setQueryData<number>(failureKey, at, { updatedAt: at });
            throw error;
          }
        }
      : skipToken,
  });
}

/** Activity pages of the address on the chain, as the server pages them; a failure is not retried. */
export function accountHistoryQueryOptions(
  services: AccountServices | undefined,
  address: string,
  caipNetworkId: string,
) {
  return infiniteQueryOptions({
    queryKey: [...accountQueryKeys.history, caipNetworkId, addressKey(address)] as const,
    retry: false,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: HistoryPage) => last.next ?? undefined,
    queryFn: services ? ({ pageParam }) => services.data.history(address, caipNetworkId, pageParam) : skipToken,
  });
}

const identityKey = (address: string) => [...accountQueryKeys.identity, addressKey(address)] as const;
const namesKey = (address: string) => [...accountQueryKeys.names, addressKey(address)] as const;
const suggestionsKey = (wanted: string) => [...accountQueryKeys.nameSuggestions, wanted.toLowerCase()] as const;

/** Profile name and avatar of the address (kept 5 min). */
export function identityQueryOptions(services: AccountServices | undefined, address: string) {
  return queryOptions({
    queryKey: identityKey(address),
    retry: false,
    staleTime: IDENTITY_CACHE_MS,
    queryFn: services ? () => services.data.identity(address) : skipToken,
  });
}

/** The names registered to the address (kept 5 min); nothing is asked for an empty address. */
export function accountNamesQueryOptions(services: AccountServices | undefined, address: string) {
  return queryOptions({
    queryKey: namesKey(address),
    retry: false,
    staleTime: IDENTITY_CACHE_MS,
    queryFn: services && address !== "" ? () => services.data.namesForAddress(address) : skipToken,
  });
}

/** A wanted name's availability and free variations (kept 5 min); nothing is asked until the name is valid. */
export function nameSuggestionsQueryOptions(services: AccountServices | undefined, wanted: string, valid: boolean) {
  return queryOptions({
    queryKey: suggestionsKey(wanted),
    retry: false,
    staleTime: IDENTITY_CACHE_MS,
    queryFn: services && valid ? () => services.data.suggestions(wanted) : skipToken,
  });
}

/**
 * Remembers a name just registered as the address's profile name (spec section 4, "set the profile name"): it
 * leads the address's names and is the identity's name, at once and for the next 5 min, without asking the
 * server (which may not list it yet).
 */
export function setProfileName(client: QueryClient, address: string, name: string): void {
  client.setQueryData<Identity>(identityKey(address), (current) => ({ name, avatar: current?.avatar ?? null }));
  client.setQueryData<AccountNameProfile[]>(namesKey(address), (current = []) => [
    { name, registered: Math.floor(Date.now() / 1000) },
    ...current.filter((profile) => profile.name !== name),
  ]);
}

/** Drops the kept availability of a wanted name (it was just registered): the next read asks the server. */
export function forgetSuggestions(client: QueryClient, wanted: string): Promise<void> {
  return client.invalidateQueries({ queryKey: suggestionsKey(wanted), exact: true });
}
