import "./skeleton.css";

/**
 * A grey placeholder of about the size of the text that will come (`width` in ch or any CSS length), hidden
 * from screen readers: the region that loads says it is busy (aria-busy) instead.
 */
export function Skeleton({ width = "6ch" }: { readonly width?: string }) {
  return <span className="ui-skeleton" aria-hidden="true" style={{ width }} />;
}
