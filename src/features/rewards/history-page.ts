import type { HistoryPage } from "../../lib/api/rewards-history-query.ts";
import type { RewardHistoryQuery } from "./reward-query.ts";

/** Rows per history page on the reward screen. */
export const HISTORY_PAGE_SIZE = 10;

/** The backend's history page for the screen's view of it (kept in the page address): newest first. */
export function historyPage(query: RewardHistoryQuery): HistoryPage {
  return {
    type: query.type,
    from: query.from,
    to: query.to,
    order: "desc",
    page: String(query.current),
    pageSize: String(HISTORY_PAGE_SIZE),
    ...(query.currency ? { currency: query.currency } : {}),
  };
}
