/** Formats a date as yy-mm-dd in local time ("26-11-22" for 22 November 2026), the app's one date format. */
export function formatDate(date: Date): string {
  const yy = String(date.getFullYear() % 100).padStart(2, "0");
  const mm = String(date.getMonth() + 1).padStart(2, "0");
  const dd = String(date.getDate()).padStart(2, "0");
  return `${yy}-${mm}-${dd}`;
}

/** A day as the backend sends it (yyyy-mm-dd) in the app's date format, yy-mm-dd ("2026-11-22" reads "26-11-22"). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return formatDate(new Date(year ?? 0, (month ?? 1) - 1, date ?? 1));
}
