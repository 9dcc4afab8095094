/**
 * A length of time for people: "10 min", "2 days, 3 hr", "10分钟", "2天3小时". The one duration format of the app,
 * through the locale's own unit names (Intl), so no template spells out units by hand.
 */

const PARTS = [
  { unit: "day", seconds: 86_400 },
  { unit: "hour", seconds: 3_600 },
  { unit: "minute", seconds: 60 },
  { unit: "second", seconds: 1 },
] as const;

/** "en_US" (the app's language ids) or "en-US" to a BCP 47 tag Intl takes. */
function localeTag(language: string): string {
  return language.replace("_", "-");
}

/**
 * Whole seconds as days, hours, minutes and seconds, leaving out the parts that are zero; 600 → "10 min" in
 * en_US, "10分钟" in zh_CN. Negative or fractional input counts as its whole, non-negative part.
 */
export function formatDuration(totalSeconds: number | bigint, language: string): string {
  const locale = localeTag(language);
  let left = Math.max(0, Math.floor(Number(totalSeconds)));
  const pieces: string[] = [];
  for (const { unit, seconds } of PARTS) {
    const count = Math.floor(left / seconds);
    left -= count * seconds;
    if (count > 0)
      pieces.push(new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short" }).format(count));
  }
  if (pieces.length === 0) {
    pieces.push(new Intl.NumberFormat(locale, { style: "unit", unit: "second", unitDisplay: "short" }).format(0));
  }
  return new Intl.ListFormat(locale, { type: "unit", style: "short" }).format(pieces);
}
