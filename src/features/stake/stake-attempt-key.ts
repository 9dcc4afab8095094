/**
 * The idempotency key of the stake being prepared, kept in local storage so that a retry, a rejection in the
 * wallet, a reload or the same stake prepared in another tab asks the deposit-data service again with the same
 * key and gets the same validators (the provider does not create keys that are never deposited). A different
 * stake (other owner, environment or choice) gets a new key; a confirmed stake clears it.
 */

export const STAKE_ATTEMPT_STORAGE_KEY = "ethStake.attempt";

interface StoredAttempt {
  readonly scope: string;
  readonly key: string;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function read(): StoredAttempt | undefined {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(STAKE_ATTEMPT_STORAGE_KEY) ?? "null");
    const record = value as Partial<StoredAttempt> | null;
    return typeof record?.scope === "string" && typeof record.key === "string"
      ? { scope: record.scope, key: record.key }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The key for this stake: the stored one when `scope` (owner, environment, choice) is the same, else a new one. */
export function stakeAttemptKey(scope: string): string {
  const stored = read();
  if (stored?.scope === scope) return stored.key;
  const key = `stake-${globalThis.crypto.randomUUID()}`;
  storage()?.setItem(STAKE_ATTEMPT_STORAGE_KEY, JSON.stringify({ scope, key } satisfies StoredAttempt));
  return key;
}

/** Forgets the key once its stake is confirmed: the next stake gets new validators. */
export function clearStakeAttemptKey(): void {
  storage()?.removeItem(STAKE_ATTEMPT_STORAGE_KEY);
}
