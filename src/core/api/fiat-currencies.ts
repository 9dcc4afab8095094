/**
 * The fiat currencies rewards can be shown in. Kept apart from the zod schemas so that the page address
 * reader (in the entry chunk) does not pull zod into the home page.
 */
export const FIAT_CURRENCY_CODES = ["usd", "eur", "cny"] as const;
export type FiatCurrencyCode = (typeof FIAT_CURRENCY_CODES)[number];
