import { useEffect, useLayoutEffect, useRef } from "react";
import { type Location, useLocation, useNavigationType } from "react-router-dom";
import { decideScroll, type ScrollLocation } from "./scroll-decision.ts";

const STORAGE_KEY = "scroll-positions";

function loadPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    if (Array.isArray(saved)) {
      return new Map(saved.filter((entry): entry is [string, number] => Array.isArray(entry) && entry.length === 2));
    }
  } catch {
    // unreadable storage: start empty
  }
  return new Map();
}

function scrollToElement(id: string, behavior: ScrollBehavior): void {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior, block: "start" });
  if (target.tabIndex >= 0 || target.hasAttribute("tabindex")) target.focus({ preventScroll: true });
}

function toScrollLocation(location: Location): ScrollLocation {
  return { pathname: location.pathname, search: location.search, hash: location.hash };
}

/**
 * The router's scroll behaviour: top on each navigation, half the page for wide-screen reward paging,
 * smooth scrolling to hash targets, and the saved position on back/forward (kept across reloads in
 * sessionStorage, keyed by history entry). A navigation to another page moves focus to <main>.
 */
export function useScrollBehaviour(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(location.key);
  const previous = useRef<ScrollLocation | undefined>(undefined);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    positions.current ??= loadPositions();
    const onScroll = () => positions.current?.set(currentKey.current, window.scrollY);
    const onPageHide = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...(positions.current ?? [])].slice(-100)));
      } catch {
        // not persisted; restoring still works within this visit
      }
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry (location.key)
  useLayoutEffect(() => {
    positions.current ??= loadPositions();
    currentKey.current = location.key;
    const next = toScrollLocation(location);
    const decision = decideScroll(navigationType, previous.current, next, window.innerWidth);
    const pathChanged = previous.current !== undefined && previous.current.pathname !== next.pathname;
    previous.current = next;
    switch (decision.kind) {
      case "restore": {
        const saved = positions.current.get(location.key);
        if (saved !== undefined) window.scrollTo({ top: saved, behavior: "instant" });
        else if (next.hash.length > 1) scrollToElement(decodeURIComponent(next.hash.slice(1)), "instant");
        // Nothing saved for this entry: the top, not wherever the previous page's height left the window.
        else window.scrollTo({ top: 0, behavior: "instant" });
        break;
      }
      case "hash":
        scrollToElement(decision.id, "smooth");
        break;
      case "half":
        window.scrollTo({ top: document.documentElement.scrollHeight * 0.5, behavior: "instant" });
        break;
      case "top":
        window.scrollTo({ top: 0, behavior: "instant" });
        // A new page: start keyboard and screen-reader users at its content, as a full page load would.
        if (pathChanged) document.getElementById("main")?.focus({ preventScroll: true });
        break;
    }
    // Saved now, not only from the next scroll event: that event can arrive after a quick back or forward has
    // already made another entry current, which would leave this one without a position.
    positions.current.set(location.key, window.scrollY);
  }, [location.key]);
}
