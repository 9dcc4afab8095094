/** Where the window should scroll after a navigation (spec section 2, "Routing behaviour"). */
export type ScrollDecision =
  | { readonly kind: "restore" }
  | { readonly kind: "hash"; readonly id: string }
  | { readonly kind: "half" }
  | { readonly kind: "top" };

export interface ScrollLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

/** Screens at least this wide keep the reward list in view (spec section 9: 768). */
export const WIDE_SCREEN_MIN_WIDTH = 768;

const REWARD_ROUTE = /^\/[^/]+\/reward\/?$/;

/** Moving between reward routes with the same `type` query to one with a `current` query. */
export function isRewardPaging(previous: ScrollLocation, next: ScrollLocation): boolean {
  if (!REWARD_ROUTE.test(previous.pathname) || !REWARD_ROUTE.test(next.pathname)) return false;
  const before = new URLSearchParams(previous.search);
  const after = new URLSearchParams(next.search);
  const type = after.get("type");
  return type !== null && type === before.get("type") && Boolean(after.get("current"));
}

/**
 * Back and forward ("POP") restore the saved position; a link to a hash scrolls to its element; reward
 * paging on a wide screen scrolls to half the page; every other navigation scrolls to the top.
 */
export function decideScroll(
  navigationType: "POP" | "PUSH" | "REPLACE",
  previous: ScrollLocation | undefined,
  next: ScrollLocation,
  viewportWidth: number,
): ScrollDecision {
  if (navigationType === "POP") return { kind: "restore" };
  if (next.hash.length > 1) return { kind: "hash", id: decodeURIComponent(next.hash.slice(1)) };
  if (previous && viewportWidth >= WIDE_SCREEN_MIN_WIDTH && isRewardPaging(previous, next)) return { kind: "half" };
  return { kind: "top" };
}
