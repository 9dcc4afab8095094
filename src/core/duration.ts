/**
 * The single-unit ISO 8601 durations config uses ("P7D", "P2W", "P1Y", "PT4H").
 */

export type DurationUnit = "second" | "minute" | "hour" | "day" | "week" | "month" | "year";

export interface Duration {
  /** How many units: 7 in "P7D". */
  readonly count: number;
  readonly unit: DurationUnit;
  /** Nominal length in seconds, with a month as 30 days and a year as 365 days; for ordering and countdowns. */
  readonly seconds: number;
}

const DATE_UNITS: Record<string, DurationUnit> = { D: "day", W: "week", M: "month", Y: "year" };
const TIME_UNITS: Record<string, DurationUnit> = { H: "hour", M: "minute", S: "second" };
const DAY = 86_400;
const UNIT_SECONDS: Record<DurationUnit, number> = {
  second: 1,
  minute: 60,
  hour: 3_600,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/** Parses a single-unit ISO 8601 duration; returns undefined for anything else. */
export function parseDuration(text: string): Duration | undefined {
  const match = /^P(?:([1-9][0-9]*)([DWMY])|T([1-9][0-9]*)([HMS]))$/.exec(text);
  if (!match) return undefined;
  const count = Number(match[1] ?? match[3]);
  const unit = match[2] ? DATE_UNITS[match[2]] : TIME_UNITS[match[4] as string];
  if (!unit || !Number.isSafeInteger(count)) return undefined;
  return { count, unit, seconds: count * UNIT_SECONDS[unit] };
}
