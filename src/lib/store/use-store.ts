import { useSyncExternalStore } from "react";
import type { ReadableStore } from "../../core/store/create-store.ts";

/**
 * A store's state, or the part `select` picks, in React; the component re-renders when that value changes.
 * `select` must return a value that stays the same (Object.is) while the state does: a field, not a new object.
 */
export function useStore<T, U = T>(
  store: ReadableStore<T>,
  select: (state: T) => U = (state) => state as unknown as U,
): U {
  const read = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}
