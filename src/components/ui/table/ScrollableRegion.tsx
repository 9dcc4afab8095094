import type { ReactNode } from "react";

/**
 * A labelled region that scrolls sideways when its content (a wide table) is wider than the screen. It
 * takes keyboard focus so the arrow keys can scroll it (axe: scrollable-region-focusable, WCAG 2.1.1).
 */
export function ScrollableRegion({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll
    <section className="ui-table__scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
