/** How long a dialog must have been fully visible, without a break, before its Approve button works. */
export const VISIBLE_BEFORE_APPROVE_MS = 500;

/** The smallest frame (CSS pixels, each side) in which a dialog counts as visible: a tiny frame never arms. */
export const MIN_FRAME_SIDE_PX = 280;

/** The share of the card and of the button that must be inside the viewport (1 less rounding). */
const FULLY_IN_VIEW = 0.99;

/** Intersection Observer v2 (Chromium): `isVisible` says nothing covers, fades, filters or skews the target. */
interface VisibilityEntry extends IntersectionObserverEntry {
  readonly isVisible?: boolean;
}
interface VisibilityObserverInit extends IntersectionObserverInit {
  readonly trackVisibility?: boolean;
  readonly delay?: number;
}

const tracksVisibility = () =>
  typeof IntersectionObserverEntry !== "undefined" && "isVisible" in IntersectionObserverEntry.prototype;

/**
 * Keeps `button` disabled until `card` and `button` have been fully visible for VISIBLE_BEFORE_APPROVE_MS, and
 * disables it again (the wait starts over) whenever that stops. Fully visible: inside the viewport, the frame
 * at least MIN_FRAME_SIDE_PX on each side, the page shown, and either Intersection Observer v2's `isVisible`
 * (Chromium: nothing of the host page covers the frame, no opacity below 1, no filter, no transform other than
 * a translation) or, where the browser cannot tell, the frame has the focus. The button's own disabled style
 * must not fade it (opacity below 1 reads as not visible). Returns the function that stops it.
 */
export function armWhenVisible(card: HTMLElement, button: HTMLButtonElement): () => void {
  button.disabled = true;
  const trackVisibility = tracksVisibility();
  const latest = new Map<Element, VisibilityEntry>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const visibleNow = () => {
    if (document.visibilityState !== "visible") return false;
    if (window.innerWidth < MIN_FRAME_SIDE_PX || window.innerHeight < MIN_FRAME_SIDE_PX) return false;
    if (!trackVisibility && !document.hasFocus()) return false;
    return [card, button].every((target) => {
      const entry = latest.get(target);
      return entry !== undefined && entry.intersectionRatio >= FULLY_IN_VIEW && (!trackVisibility || entry.isVisible);
    });
  };
  const update = () => {
    if (!visibleNow()) {
      clearTimeout(timer);
      timer = undefined;
      button.disabled = true;
      return;
    }
    if (!button.disabled || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      button.disabled = !visibleNow();
    }, VISIBLE_BEFORE_APPROVE_MS);
  };
  const options: VisibilityObserverInit = { threshold: [0, FULLY_IN_VIEW, 1], trackVisibility: true, delay: 100 };
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) latest.set(entry.target, entry);
    update();
  }, options);
  observer.observe(card);
  observer.observe(button);
  const events = ["focus", "blur", "resize"] as const;
  for (const name of events) window.addEventListener(name, update);
  document.addEventListener("visibilitychange", update);
  return () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const name of events) window.removeEventListener(name, update);
    document.removeEventListener("visibilitychange", update);
  };
}
