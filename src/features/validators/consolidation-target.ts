/**
 * A consolidation's target as typed on the validator screen: a beacon chain index (a whole number, as the
 * Beacon API's `validators?id=` takes it) or a public key (0x and 96 hexadecimal digits). The Beacon API then
 * says which validator that is, and the pre-checks whether it can be one.
 */
export type ConsolidationTarget =
  | { readonly kind: "index"; readonly index: number }
  | { readonly kind: "pubkey"; readonly pubkey: `0x${string}` };

/** The target `text` names, or undefined when it is neither an index nor a public key. */
export function parseConsolidationTarget(text: string): ConsolidationTarget | undefined {
  const value = text.trim();
  if (/^\d{1,12}$/.test(value)) {
    const index = Number(value);
    return Number.isSafeInteger(index) ? { kind: "index", index } : undefined;
  }
  if (/^0x[0-9a-fA-F]{96}$/.test(value)) return { kind: "pubkey", pubkey: value.toLowerCase() as `0x${string}` };
  return undefined;
}

/** How GET /beacon-snapshot's `target` asks for it. */
export function targetQuery(target: ConsolidationTarget): string {
  return target.kind === "index" ? String(target.index) : target.pubkey;
}
