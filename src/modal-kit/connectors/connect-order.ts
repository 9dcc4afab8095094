/** Sections of the Connect view (spec section 9: default connector order). */
export const CONNECT_SECTIONS = [
  "walletConnect",
  "recent",
  "injected",
  "featured",
  "custom",
  "external",
  "recommended",
] as const;

export type ConnectSection = (typeof CONNECT_SECTIONS)[number];

/** One row of the Connect view. */
export interface ConnectEntry {
  readonly section: ConnectSection;
  /** Connector id for connectors, catalogue id for catalogue wallets. */
  readonly id: string;
  readonly name: string;
  readonly rdns?: string;
  /** Catalogue id, when the wallet is in the catalogue. */
  readonly walletId?: string;
  readonly imageUrl?: string;
  readonly installed?: boolean;
}

/**
 * Flattens the sections in the given order (the host may override it; sections it leaves out follow in the
 * default order) and keeps each wallet once, in the first section that lists it: two entries are the same
 * wallet when they share an id, an rdns or a catalogue id.
 */
export function orderConnectEntries(
  sections: Partial<Record<ConnectSection, readonly ConnectEntry[]>>,
  order: readonly ConnectSection[] = CONNECT_SECTIONS,
): ConnectEntry[] {
  const fullOrder = [...new Set([...order, ...CONNECT_SECTIONS])];
  const seen = new Set<string>();
  const result: ConnectEntry[] = [];
  for (const section of fullOrder) {
    for (const entry of sections[section] ?? []) {
      const keys = [`id|${entry.id}`];
      if (entry.walletId) keys.push(`id|${entry.walletId}`);
      if (entry.rdns) keys.push(`rdns|${entry.rdns}`);
      if (keys.some((key) => seen.has(key))) continue;
      for (const key of keys) seen.add(key);
      result.push({ ...entry, section });
    }
  }
  return result;
}
