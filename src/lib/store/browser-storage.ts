import type { StateStorage } from "../../core/store/create-store.ts";

/** The page's local or session storage, or none where the browser blocks it (a persisted store then keeps memory). */
export function browserStorage(kind: "local" | "session"): StateStorage | undefined {
  try {
    return kind === "local" ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
