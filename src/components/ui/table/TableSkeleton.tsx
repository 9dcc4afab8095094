import { Skeleton } from "../skeleton/Skeleton.tsx";
import "./table.css";

/** A table's place while its first rows load: grey lines, and a region that says it is busy. */
export function TableSkeleton({ label, rows = 5 }: { readonly label: string; readonly rows?: number }) {
  return (
    <div className="ui-table__skeleton" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity but their place
        <Skeleton key={index} width="100%" />
      ))}
    </div>
  );
}
