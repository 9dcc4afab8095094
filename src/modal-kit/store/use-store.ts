import { useSyncExternalStore } from "react";
import type { ReadableStore } from "../../core/store/create-store.ts";

/**
 * A kit store's state, or the part `select` picks, in React (the kit's copy of the app's hook: the kit imports
 * no app code). `select` must return a value that stays the same (Object.is) while the state does.
 */
export function useStore<T, U = T>(
  store: ReadableStore<T>,
  select: (state: T) => U = (state) => state as unknown as U,
): U {
  const read = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}
