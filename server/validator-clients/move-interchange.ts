import { MoveRefused } from "./move-refused.ts";

/**
 * The EIP-3076 interchange an old client exported at a move's DELETE, checked before the key may run elsewhere:
 * JSON with `metadata.genesis_validators_root` equal to this chain's and a `data` record for the key. Throws
 * MoveRefused otherwise (the key no longer signs at the old client, but the move stops until a record comes back).
 */
export function checkedInterchange(
  text: string | undefined,
  pubkey: string,
  genesisValidatorsRoot: string,
  client: string,
  status: string,
): string {
  const again =
    "the key no longer signs there; run the command again (a Keymanager keeps the record after a delete and sends it again, answering not_active)";
  if (text === undefined) {
    throw new MoveRefused(`"${client}" answered ${status} without a slashing_protection record: ${again}`);
  }
  let parsed: { metadata?: { genesis_validators_root?: unknown }; data?: { pubkey?: unknown }[] };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new MoveRefused(`"${client}" answered ${status} with a slashing_protection that is not JSON: ${again}`);
  }
  const root = String(parsed.metadata?.genesis_validators_root ?? "").toLowerCase();
  if (root !== genesisValidatorsRoot.toLowerCase()) {
    throw new MoveRefused(
      `"${client}"'s slashing_protection is for genesis_validators_root ${root.slice(0, 66) || "(none)"}, not this chain's ${genesisValidatorsRoot}: the move stops here`,
    );
  }
  const data = Array.isArray(parsed.data) ? parsed.data : [];
  if (!data.some((entry) => String(entry?.pubkey ?? "").toLowerCase() === pubkey.toLowerCase())) {
    throw new MoveRefused(
      `"${client}" answered ${status} with a slashing_protection that has no record of ${pubkey}: ${again}`,
    );
  }
  return text;
}
