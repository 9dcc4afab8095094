/** Which column a table is sorted by, and which way. */
export interface TableSort {
  readonly key: string;
  readonly direction: "ascending" | "descending";
}

/** A value a column sorts by: numbers and big integers by size, text in the reader's collation. */
export type SortValue = string | number | bigint;

function compare(a: SortValue, b: SortValue): number {
  if (typeof a === "string" && typeof b === "string") return a.localeCompare(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The rows ordered by `sortValue` in `direction` (a stable sort: equal rows keep their order). */
export function sortRows<Row>(
  rows: readonly Row[],
  sortValue: (row: Row) => SortValue,
  direction: TableSort["direction"],
): Row[] {
  const sign = direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(sortValue(a), sortValue(b)));
}

/** The sort after a press on column `key`'s header: ascending first, then the other way round. */
export function nextSort(current: TableSort | undefined, key: string): TableSort {
  if (current?.key === key && current.direction === "ascending") return { key, direction: "descending" };
  return { key, direction: "ascending" };
}
