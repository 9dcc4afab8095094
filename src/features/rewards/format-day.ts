import { formatDate } from "../../lib/format-date.ts";

/** A backend day (yyyy-mm-dd) in the app's date format, yy-mm-dd ("2026-11-22" reads "26-11-22"). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return formatDate(new Date(year ?? 0, (month ?? 1) - 1, date ?? 1));
}
