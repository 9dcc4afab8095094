/**
 * The one kind of store for client state that is not server data (server data lives in react-query). The
 * shape of zustand's vanilla store: `getState`, `setState` (a patch merged into the state, or the state a
 * function makes of the current one) and `subscribe`; React reads it through `useStore(store, selector)`
 * (`src/lib/store/use-store.ts` in the app, `src/modal-kit/store/use-store.ts` in the kit).
 *
 * Pure: a persisted store is handed its storage (local or session storage in the browser), so this module
 * runs anywhere.
 */

/** The part of the Web Storage API a persisted store uses. */
export interface StateStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface PersistOptions<T> {
  /**
   * Where the state is kept (`localStorage` survives reloads and is shared by tabs, `sessionStorage` is per tab),
   * asked on every read and write; undefined, or a throw, where storage is blocked: the state then lives in memory.
   */
  readonly storage: () => StateStorage | undefined;
  readonly key: string;
  /** The state from what was stored (parsed JSON), or undefined when it is unreadable: the initial state is kept. */
  readonly validate: (stored: unknown) => T | undefined;
  /** What is written (as JSON) for a state; the state itself by default. */
  readonly serialize?: (state: T) => unknown;
}

export interface StoreOptions<T> {
  readonly persist?: PersistOptions<T>;
}

export type StateListener<T> = (state: T, previous: T) => void;

/** What a reader needs: React's `useSyncExternalStore` takes `subscribe` and `getState` as they are. */
export interface ReadableStore<T> {
  getState(): T;
  subscribe(listener: StateListener<T>): () => void;
}

export interface Store<T> extends ReadableStore<T> {
  /**
   * Merges a patch into the state (or, with `replace`, puts the given state in its place), writes it to storage
   * when the store is persisted and tells every listener. A patch that changes nothing tells no one.
   */
  setState(next: Partial<T> | ((state: T) => Partial<T>), replace?: false): void;
  setState(next: T | ((state: T) => T), replace: true): void;
  /** Reads the persisted state again (another tab wrote it); the initial state when nothing readable is stored. */
  rehydrate(): void;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** True when applying `patch` to `state` would change no field. */
const changesNothing = (state: unknown, patch: unknown) =>
  isPlainObject(state) &&
  isPlainObject(patch) &&
  Object.keys(patch).every((key) => key in state && Object.is(state[key], patch[key]));

export function createStore<T>(initial: T, options: StoreOptions<T> = {}): Store<T> {
  const { persist } = options;
  const listeners = new Set<StateListener<T>>();
  const storage = (): StateStorage | undefined => {
    try {
      return persist?.storage();
    } catch {
      return undefined;
    }
  };
  const load = (): T => {
    if (!persist) return initial;
    try {
      const text = storage()?.getItem(persist.key);
      if (!text) return initial;
      return persist.validate(JSON.parse(text)) ?? initial;
    } catch {
      return initial;
    }
  };
  const save = (value: T) => {
    if (!persist) return;
    try {
      storage()?.setItem(persist.key, JSON.stringify(persist.serialize ? persist.serialize(value) : value));
    } catch {
      // Storage refused (private mode, quota): the state lives in memory until the page goes.
    }
  };
  let state = load();
  const announce = (previous: T) => {
    for (const listener of listeners) listener(state, previous);
  };

  const setState = (next: T | Partial<T> | ((current: T) => T | Partial<T>), replace?: boolean) => {
    const value = typeof next === "function" ? (next as (current: T) => T | Partial<T>)(state) : next;
    if (Object.is(value, state)) return;
    if (!replace && changesNothing(state, value)) return;
    const previous = state;
    state = replace || !isPlainObject(state) ? (value as T) : { ...state, ...(value as Partial<T>) };
    save(state);
    announce(previous);
  };

  return {
    getState: () => state,
    setState: setState as Store<T>["setState"],
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    rehydrate() {
      const previous = state;
      state = load();
      if (!Object.is(previous, state)) announce(previous);
    },
  };
}
