import type { KitConnector } from "./kit-connector.ts";

/** Wallet names that announce themselves differently from their catalogue name. */
const NAME_ALIASES: Readonly<Record<string, string>> = { "Trust Wallet": "Trust" };

export function normaliseWalletName(name: string): string {
  const trimmed = name.trim();
  return NAME_ALIASES[trimmed] ?? trimmed;
}

/**
 * Drops connectors that stand for a wallet already listed on the same chain: same id, or same rdns (an
 * EIP-6963 announcement and the generic injected provider of the same extension). The first one wins.
 */
export function dedupeConnectors(connectors: readonly KitConnector[]): KitConnector[] {
  const seen = new Set<string>();
  const kept: KitConnector[] = [];
  for (const connector of connectors) {
    const keys = [`${connector.chain}|id|${connector.id}`];
    if (connector.info?.rdns) keys.push(`${connector.chain}|rdns|${connector.info.rdns}`);
    if (keys.some((key) => seen.has(key))) continue;
    for (const key of keys) seen.add(key);
    kept.push(connector);
  }
  return kept;
}

/**
 * The connectors the modal lists (spec section 3): names normalised ("Trust Wallet" → "Trust"), duplicates
 * dropped (same id or rdns, or the same name twice on one chain), and connectors with the same name on several
 * chains merged into one MULTI_CHAIN entry that keeps them in `connectors`. The auth connector stays a single
 * AUTH entry on eip155. Order is kept: an entry sits where its first connector was.
 */
export function mergeConnectors(connectors: readonly KitConnector[]): KitConnector[] {
  const normalised = dedupeConnectors(connectors.map((c) => ({ ...c, name: normaliseWalletName(c.name) })));
  const groups: KitConnector[][] = [];
  const byName = new Map<string, KitConnector[]>();
  for (const connector of normalised) {
    if (connector.type === "AUTH") {
      if (!groups.some((group) => group[0]?.type === "AUTH")) groups.push([{ ...connector, chain: "eip155" }]);
      continue;
    }
    const group = byName.get(connector.name);
    if (!group) {
      const created = [connector];
      byName.set(connector.name, created);
      groups.push(created);
    } else if (!group.some((member) => member.chain === connector.chain)) {
      group.push(connector);
    }
  }
  return groups.map(toEntry);
}

function toEntry(group: readonly KitConnector[]): KitConnector {
  const [first, ...rest] = group;
  if (!first) throw new Error("empty connector group");
  if (rest.length === 0) return first;
  const imageUrl = group.find((c) => c.imageUrl)?.imageUrl;
  const explorerId = group.find((c) => c.explorerId)?.explorerId;
  return {
    id: first.id,
    name: first.name,
    type: "MULTI_CHAIN",
    chain: first.chain,
    ...(imageUrl ? { imageUrl } : {}),
    ...(first.imageId ? { imageId: first.imageId } : {}),
    ...(first.info ? { info: first.info } : {}),
    ...(explorerId ? { explorerId } : {}),
    connectors: group,
  };
}
