import { asc, eq } from "drizzle-orm";
import type { Address } from "viem";
import type { Storage } from "../storage/database.ts";
import { accountNames } from "../storage/schema.ts";

/** A registered name as the kit reads it (profile API version 2). */
export interface AccountProfile {
  readonly name: string;
  /** Unix seconds. */
  readonly registered: number;
  /** By ENSIP-11 coin type ("60" for Ethereum mainnet). */
  readonly addresses: Record<string, { readonly address: string; readonly created: number }>;
  readonly attributes: Record<string, string>;
}

type Row = typeof accountNames.$inferSelect;

const toProfile = (row: Row): AccountProfile => {
  const registered = Math.floor(row.registeredAt.getTime() / 1000);
  return {
    name: row.name,
    registered,
    addresses: { [String(row.coinType)]: { address: row.address, created: registered } },
    attributes: row.attributes,
  };
};

export async function findName(storage: Storage, name: string): Promise<AccountProfile | undefined> {
  const [row] = await storage.db.select().from(accountNames).where(eq(accountNames.name, name));
  return row ? toProfile(row) : undefined;
}

/** Names of an address, oldest first. */
export async function namesOf(storage: Storage, address: Address): Promise<AccountProfile[]> {
  const rows = await storage.db
    .select()
    .from(accountNames)
    .where(eq(accountNames.address, address))
    .orderBy(asc(accountNames.registeredAt), asc(accountNames.name));
  return rows.map(toProfile);
}

/**
 * Registers a name for an address. Returns the profile, or "taken" when another address holds the name.
 * Registering a name the address already holds again answers its profile unchanged.
 */
export async function registerName(
  storage: Storage,
  entry: { name: string; address: Address; coinType: number; attributes: Record<string, string> },
): Promise<AccountProfile | "taken"> {
  await storage.db.insert(accountNames).values(entry).onConflictDoNothing({ target: accountNames.name });
  const profile = await findName(storage, entry.name);
  if (!profile) return "taken";
  return Object.values(profile.addresses).some((holder) => holder.address === entry.address) ? profile : "taken";
}
