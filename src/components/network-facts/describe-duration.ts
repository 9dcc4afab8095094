import { parseDuration } from "../../core/duration.ts";
import type { DurationRange } from "../../generated/index.ts";
import type { Translate } from "./translate.ts";

/** "7 days" from "P7D" through the locale's plural templates; the raw text when it is not a duration. */
export function describeDuration(t: Translate, iso: string): string {
  const duration = parseDuration(iso);
  return duration ? t(`duration.${duration.unit}`, { count: duration.count }) : iso;
}

/** "once a day" from "P1D", "every 4 hours" from "PT4H". */
export function describeFrequency(t: Translate, iso: string): string {
  const duration = parseDuration(iso);
  if (!duration) return iso;
  // "once a day" is its own text: Chinese has no singular form, so a plural of "every N days" cannot say it.
  if (duration.count === 1) return t(`frequency.once.${duration.unit}`);
  return t(`frequency.every.${duration.unit}`, { count: duration.count });
}

/** "2–3 days" when both ends share a unit, "2 weeks to 1 year" otherwise. */
export function describeDurationRange(t: Translate, range: DurationRange): string {
  const min = parseDuration(range.min);
  const max = parseDuration(range.max);
  if (min && max && min.unit === max.unit) {
    return t(`durationRange.sameUnit.${min.unit}`, { min: min.count, max: max.count });
  }
  return t("durationRange.mixed", { min: describeDuration(t, range.min), max: describeDuration(t, range.max) });
}
