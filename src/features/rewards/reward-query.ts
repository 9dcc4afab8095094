import { FIAT_CURRENCY_CODES, type FiatCurrencyCode } from "../../core/api/fiat-currencies.ts";
import { REWARD_TYPES, type RewardType } from "../../core/api/reward-types.ts";

/** The reward screen's view of the history, as kept in the page address. */
export interface RewardHistoryQuery {
  readonly type: RewardType;
  /** The page, from 1 (`current`). */
  readonly current: number;
  /** First and last day, yyyy-mm-dd (`from`, `to`). */
  readonly from: string | undefined;
  readonly to: string | undefined;
  /** The fiat currency the rewards are also shown in (`currency`: usd, eur, cny), or none. */
  readonly currency: FiatCurrencyCode | undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readDay(value: string | null): string | undefined {
  if (!value || !DAY.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
}

/**
 * Reads the history view from the page's query. Anything unusable falls back to the default (all types,
 * page 1, no range); a range given backwards is read the right way round.
 */
export function readRewardQuery(params: URLSearchParams): RewardHistoryQuery {
  const typed = params.get("type");
  const type = REWARD_TYPES.find((candidate) => candidate === typed) ?? "all";
  const page = params.get("current");
  const current = page && /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1;
  let from = readDay(params.get("from"));
  let to = readDay(params.get("to"));
  if (from && to && from > to) [from, to] = [to, from];
  const asked = params.get("currency");
  const currency = FIAT_CURRENCY_CODES.find((code) => code === asked);
  return { type, current, from, to, currency };
}

/**
 * The page query for `changes` applied to the current one (other parameters, such as `address`, are kept).
 * `type` and `current` are always written, so moving between pages is recognised as reward paging (scroll rule).
 * Changing the type or the range starts again at page 1.
 */
export function rewardSearch(params: URLSearchParams, changes: Partial<RewardHistoryQuery>): string {
  const now = readRewardQuery(params);
  const filterChanged =
    (changes.type !== undefined && changes.type !== now.type) ||
    ("from" in changes && changes.from !== now.from) ||
    ("to" in changes && changes.to !== now.to);
  const next = { ...now, ...changes, current: changes.current ?? (filterChanged ? 1 : now.current) };
  const search = new URLSearchParams(params);
  search.set("type", next.type);
  search.set("current", String(next.current));
  for (const key of ["from", "to", "currency"] as const) {
    const value = next[key];
    if (value) search.set(key, value);
    else search.delete(key);
  }
  return `?${search.toString()}`;
}

/**
 * A day typed in the app's date format, yy-mm-dd ("26-11-01", years 2000-2099), or as yyyy-mm-dd, as
 * yyyy-mm-dd; undefined when it is not a real day.
 */
export function parseDayInput(text: string): string | undefined {
  const match = /^(\d{2}|\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  if (!match) return undefined;
  const [, year = "", month = "", day = ""] = match;
  const full = `${year.length === 2 ? `20${year}` : year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return readDay(full);
}

/** How many pages `total` rows fill, at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
