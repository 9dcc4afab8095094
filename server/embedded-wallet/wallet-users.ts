import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { EmbeddedWalletUser } from "../../src/core/api/embedded-wallet.ts";
import type { Storage } from "../storage/database.ts";
import { embeddedWalletUsers } from "../storage/schema.ts";

export type UserRow = typeof embeddedWalletUsers.$inferSelect;

/** E-mail addresses are compared, stored and mailed lower-cased. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export const publicUser = (row: UserRow): EmbeddedWalletUser => ({
  email: row.email,
  address: (row.address as `0x${string}` | null) ?? null,
});

export async function userByEmail(storage: Storage, email: string): Promise<UserRow | undefined> {
  const [row] = await storage.db.select().from(embeddedWalletUsers).where(eq(embeddedWalletUsers.email, email));
  return row;
}

export async function userById(storage: Storage, id: string): Promise<UserRow | undefined> {
  const [row] = await storage.db.select().from(embeddedWalletUsers).where(eq(embeddedWalletUsers.id, id));
  return row;
}

/** The user of `email`, created on first use (two concurrent first logins get the same row). */
export async function ensureUser(storage: Storage, email: string): Promise<UserRow> {
  await storage.db.insert(embeddedWalletUsers).values({ id: randomUUID(), email }).onConflictDoNothing();
  const row = await userByEmail(storage, email);
  if (!row) throw new Error(`the embedded-wallet user of an address vanished while it was created`);
  return row;
}
