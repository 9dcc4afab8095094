import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether the window matches a media query (such as "(max-width: 63.99rem)"), re-rendering when that changes;
 * false where there is no window.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof globalThis.matchMedia !== "function") return () => undefined;
      const list = globalThis.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof globalThis.matchMedia === "function" && globalThis.matchMedia(query).matches,
    () => false,
  );
}
