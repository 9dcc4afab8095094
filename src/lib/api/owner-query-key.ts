import type { OwnerScope } from "../../core/api/owner-scope.ts";

type Scope = Pick<OwnerScope, "owner" | "network" | "environment">;

/**
 * The first part of the query key of every read about one owner on one network environment (without a scope,
 * a key no read shares). Invalidating it after a transaction reads all of that owner's figures again; two
 * owners never share a key.
 */
export function ownerQueryKey(scope: Scope | undefined) {
  return ["owner", scope?.network ?? null, scope?.environment ?? null, scope?.owner.toLowerCase() ?? null] as const;
}

/**
 * placeholderData for paged reads: the previous page stays on screen while the next one loads, but only when it
 * was the same owner's (a change of owner shows loading, never the last owner's figures).
 */
export function keepPreviousPageOfOwner(scope: Scope | undefined) {
  const owner = ownerQueryKey(scope);
  return <T>(previous: T | undefined, previousQuery?: { readonly queryKey: readonly unknown[] }): T | undefined =>
    scope && previousQuery && owner.every((part, index) => previousQuery.queryKey[index] === part)
      ? previous
      : undefined;
}
