import type { TokenBalance } from "./read-balances.ts";

/** How long a balance answer is reused: the kit's own balance cache time (modal-kit spec section 9). */
export const BALANCE_CACHE_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * Balance answers per chain and address for BALANCE_CACHE_MS, so a page polling balances does not reach the
 * chain each time. Bounded: the oldest entry goes when it is full.
 */
export class BalanceCache {
  private readonly entries = new Map<string, { readonly until: number; readonly balances: TokenBalance[] }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string): TokenBalance[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.balances;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, balances: TokenBalance[]): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { until: this.now() + BALANCE_CACHE_MS, balances });
  }
}
