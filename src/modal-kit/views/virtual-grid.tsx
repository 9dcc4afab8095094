import { type ReactNode, useState } from "react";

export interface VirtualGridProps<T> {
  readonly items: readonly T[];
  readonly columns: number;
  readonly rowHeight: number;
  /** Height of the scrolling area in pixels. */
  readonly height: number;
  readonly label: string;
  readonly renderItem: (item: T) => ReactNode;
  readonly itemKey: (item: T) => string;
  /** Called when the last rows come into view (load the next page). */
  readonly onNearEnd?: () => void;
}

const OVERSCAN_ROWS = 2;

/** A grid that renders only the rows in view (plus a few), for catalogues of hundreds of wallets. */
export function VirtualGrid<T>(props: VirtualGridProps<T>) {
  const { items, columns, rowHeight, height, renderItem, itemKey, onNearEnd } = props;
  const [scrollTop, setScrollTop] = useState(0);
  const rows = Math.ceil(items.length / columns);
  const firstRow = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN_ROWS);
  const lastRow = Math.min(rows, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN_ROWS);
  const visible = items.slice(firstRow * columns, lastRow * columns);
  return (
    <div
      className="mk-grid-scroll"
      style={{ height, overflowY: "auto" }}
      onScroll={(event) => {
        const top = event.currentTarget.scrollTop;
        setScrollTop(top);
        if (onNearEnd && top + height >= rows * rowHeight - rowHeight * 2) onNearEnd();
      }}
    >
      <ul
        className="mk-grid"
        aria-label={props.label}
        style={{ position: "relative", height: rows * rowHeight, margin: 0, padding: 0 }}
      >
        {visible.map((item, index) => {
          const position = firstRow * columns + index;
          return (
            <li
              key={itemKey(item)}
              style={{
                position: "absolute",
                top: Math.floor(position / columns) * rowHeight,
                left: `${((position % columns) * 100) / columns}%`,
                width: `${100 / columns}%`,
                height: rowHeight,
                listStyle: "none",
              }}
            >
              {renderItem(item)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
