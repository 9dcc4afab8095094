/** Seconds left as "2 d 03:04:05" parts: whole days and a clock, for a countdown. Never negative. */
export function countdownParts(seconds: number): { readonly days: number; readonly clock: string } {
  const left = Math.max(0, Math.floor(seconds));
  const days = Math.floor(left / 86_400);
  const rest = left % 86_400;
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    days,
    clock: `${pad(Math.floor(rest / 3_600))}:${pad(Math.floor((rest % 3_600) / 60))}:${pad(rest % 60)}`,
  };
}
