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
  /**
   * When storage refuses a write (quota), `setState` throws and the state stays as it was, instead of living on
   * in memory: for a record that must reach every tab before the page acts on it.
   */
  readonly writeRequired?: boolean;
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
  /**
   * Reads the persisted state again (another tab, or code without this store, wrote it): the initial state when
   * nothing readable is stored. Tells the listeners only when the stored text changed.
   */
  rehydrate(): void;
  /**
   * The state as storage holds it now (another tab may have written it since), without changing this store's:
   * for a check that must see every tab's latest write. The current state when the store is not persisted.
   */
  persisted(): T;
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
  const readText = (key: string): string | null => {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const parse = (validate: PersistOptions<T>["validate"], text: string | null): T => {
    if (!text) return initial;
    try {
      return validate(JSON.parse(text)) ?? initial;
    } catch {
      return initial;
    }
  };
  /** The stored text `state` stands for (last read or written): an unchanged text is not parsed again. */
  let storedText = persist ? readText(persist.key) : null;
  let state = persist ? parse(persist.validate, storedText) : initial;
  const save = (value: T) => {
    if (!persist) return;
    const text = JSON.stringify(persist.serialize ? persist.serialize(value) : value);
    try {
      storage()?.setItem(persist.key, text);
      storedText = text;
    } catch (error) {
      if (persist.writeRequired) throw error;
      // Storage refused (private mode, quota): the state lives in memory until the page goes.
    }
  };
  const announce = (previous: T) => {
    for (const listener of listeners) listener(state, previous);
  };

  const setState = (next: T | Partial<T> | ((current: T) => T | Partial<T>), replace?: boolean) => {
    const value = typeof next === "function" ? (next as (current: T) => T | Partial<T>)(state) : next;
    if (Object.is(value, state)) return;
    if (!replace && changesNothing(state, value)) return;
    const previous = state;
    const merged = replace || !isPlainObject(state) ? (value as T) : { ...state, ...(value as Partial<T>) };
    save(merged);
    state = merged;
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
      if (!persist) return;
      const text = readText(persist.key);
      if (text === storedText) return;
      storedText = text;
      const previous = state;
      state = parse(persist.validate, text);
      announce(previous);
    },
    persisted() {
      if (!persist) return state;
      const text = readText(persist.key);
      return text === storedText ? state : parse(persist.validate, text);
    },
  };
}
