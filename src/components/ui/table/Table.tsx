import { type HTMLAttributes, type ReactNode, useState } from "react";
import { ScrollableRegion } from "./ScrollableRegion.tsx";
import { nextSort, type SortValue, sortRows, type TableSort } from "./sort-rows.ts";
import "./table.css";

export interface TableColumn<Row> {
  readonly key: string;
  readonly header: ReactNode;
  readonly cell: (row: Row) => ReactNode;
  /** What the column sorts by; a column with one has a sort button in its header. */
  readonly sortValue?: (row: Row) => SortValue;
  /** Figures: aligned right so their digits line up. */
  readonly numeric?: boolean;
  /** Long values (hashes) that may wrap instead of widening the table. */
  readonly wrap?: boolean;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { readonly [data: `data-${string}`]: string | undefined };

export interface TableProps<Row> {
  /** The accessible name of the region the table scrolls in on narrow screens. */
  readonly label: string;
  readonly caption: ReactNode;
  readonly columns: readonly TableColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  /** Attributes of a row's <tr> (data-* hooks). */
  readonly rowProps?: (row: Row) => RowAttributes;
  /** Shown instead of the table when there are no rows: say what to do next. */
  readonly empty: ReactNode;
  /** The rows are being replaced (a new page or filter loads). */
  readonly busy?: boolean;
  readonly className?: string;
  /** Paging controls under the table (a TablePager). */
  readonly pager?: ReactNode;
}

/**
 * A data table: caption, column headers (the first column heads its row), headers of sortable columns
 * as buttons that sort the rows shown and say so with aria-sort; an empty state instead of an empty table;
 * sideways scrolling inside itself on narrow screens; paging controls below.
 */
export function Table<Row>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  busy = false,
  className,
  pager,
}: TableProps<Row>) {
  const [sort, setSort] = useState<TableSort | undefined>(undefined);
  const sortColumn = sort ? columns.find((column) => column.key === sort.key) : undefined;
  const shown = sort && sortColumn?.sortValue ? sortRows(rows, sortColumn.sortValue, sort.direction) : rows;
  if (rows.length === 0) return <>{empty}</>;
  const cellClass = (column: TableColumn<Row>) =>
    [column.numeric ? "ui-table__numeric" : "", column.wrap ? "ui-table__wrap" : ""].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div className="ui-table">
      <ScrollableRegion label={label}>
        <table className={className} aria-busy={busy || undefined}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cellClass(column)}
                  aria-sort={sort?.key === column.key ? sort.direction : undefined}
                >
                  {column.sortValue ? (
                    <button
                      type="button"
                      className="ui-table__sort"
                      onClick={() => setSort((current) => nextSort(current, column.key))}
                    >
                      {column.header}
                      <span className="ui-table__sort-mark" aria-hidden="true">
                        {sort?.key !== column.key ? "↕" : sort.direction === "ascending" ? "↑" : "↓"}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th key={column.key} scope="row" className={cellClass(column)}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={cellClass(column)}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollableRegion>
      {pager}
    </div>
  );
}
