import { execFile } from "node:child_process";
import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningMailServer, startMailServer } from "../../tests/support/devnet.ts";
import { loginHeaders } from "../../tests/support/embedded-wallet-login.ts";
import { type EmbeddedWalletStack, startEmbeddedWalletStack } from "../../tests/support/embedded-wallet-stack.ts";
import { type PostgresServer, postgresAvailable, startPostgres } from "../../tests/support/postgres-server.ts";
import { embeddedWalletUsers } from "../storage/schema.ts";
import { rotateShareKey } from "./rotate-share-key.ts";
import { ShareCipher, shareKeyBytes } from "./share-cipher.ts";

const run = promisify(execFile);
const OLD_KEY = "a1".repeat(32);
const NEW_KEY = `0x${"b2".repeat(32)}`;
const LOST_KEY = "c3".repeat(32);
const DEVICE = "device-rotation-0123456789";
const ADDRESSES = [
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
] as const;
const shareOf = (index: number) => `1:${String(index).repeat(64)}`;

/** A share as the server wrote it before key ids: "v1:" and base64 of IV ‖ AES-256-GCM ciphertext ‖ tag. */
function legacyShare(masterHex: string, share: string, userId: string, address: string): string {
  const key = Buffer.from(
    hkdfSync("sha256", Buffer.from(masterHex, "hex"), Buffer.alloc(0), "embedded-wallet share encryption", 32),
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`${userId}\n${address.toLowerCase()}`));
  const body = Buffer.concat([cipher.update(share, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64")}`;
}

type Database = { kind: "PGlite"; dataDir: string } | { kind: "PostgreSQL server"; url: string };
const databaseEnv = (database: Database): NodeJS.ProcessEnv =>
  database.kind === "PGlite" ? { DATA_DIR: database.dataDir } : { DATABASE_URL: database.url };

let mail: RunningMailServer;
let postgres: PostgresServer | undefined;
const dirs: string[] = [];
beforeAll(async () => {
  mail = await startMailServer();
  if (postgresAvailable) postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await mail?.stop();
  await postgres?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDatabase(kind: Database["kind"]): Database {
  if (kind === "PostgreSQL server") {
    if (!postgres) throw new Error("no PostgreSQL server");
    return { kind, url: postgres.url };
  }
  const dir = mkdtempSync(join(tmpdir(), "rotation-"));
  dirs.push(dir);
  return { kind, dataDir: join(dir, "pglite") };
}

const stackOn = (database: Database, env: NodeJS.ProcessEnv) =>
  startEmbeddedWalletStack({
    mail,
    env: { ...env, EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS: env.EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS ?? "" },
    ...(database.kind === "PGlite" ? { dataDir: database.dataDir } : { databaseUrl: database.url }),
  });

const login = (stack: EmbeddedWalletStack, email: string) => loginHeaders(stack, email, DEVICE);

const releasedShare = async (stack: EmbeddedWalletStack, email: string) =>
  stack.secure.inject({ method: "GET", url: "/embedded-wallet/wallet/share", headers: await login(stack, email) });

/** Four wallets under OLD_KEY on a fresh database (per variant): three written by the API, one as written before key ids. */
async function walletsUnderOldKey(database: Database, prefix: string): Promise<string[]> {
  const stack = await stackOn(database, { EMBEDDED_WALLET_SHARE_KEY: OLD_KEY });
  const emails = ADDRESSES.map((_, index) => `${prefix}-${index}@example.org`);
  try {
    for (const [index, email] of emails.entries()) {
      const headers = await login(stack, email);
      const put = await stack.secure.inject({
        method: "PUT",
        url: "/embedded-wallet/wallet",
        headers,
        payload: { address: ADDRESSES[index], serverShare: shareOf(index) },
      });
      expect(put.statusCode).toBe(204);
    }
    const [legacy] = await stack.storage.db
      .select()
      .from(embeddedWalletUsers)
      .where(eq(embeddedWalletUsers.email, emails[3] as string));
    await stack.storage.db
      .update(embeddedWalletUsers)
      .set({ serverShare: legacyShare(OLD_KEY, shareOf(3), legacy?.id as string, ADDRESSES[3]) })
      .where(eq(embeddedWalletUsers.email, emails[3] as string));
  } finally {
    await stack.stop();
  }
  return emails;
}

const cli = (database: Database, env: NodeJS.ProcessEnv, args: string[] = []) =>
  run(process.execPath, ["--import", "tsx", "server/main.ts", "wallet:rotate-share-key", ...args], {
    env: { PATH: process.env.PATH, ...databaseEnv(database), ...env },
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);

const kinds: Database["kind"][] = ["PGlite", ...(postgresAvailable ? (["PostgreSQL server"] as const) : [])];

describe.each(kinds)("rotating the share key on %s", (kind) => {
  it("re-encrypts every share under the new key; with the old key removed every login still releases its share", async () => {
    const database = freshDatabase(kind);
    const emails = await walletsUnderOldKey(database, `rotate-${kind.length}`);
    const rotating = { EMBEDDED_WALLET_SHARE_KEY: NEW_KEY, EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS: OLD_KEY };

    // During the rotation the server reads the old shares with the previous key.
    const during = await stackOn(database, rotating);
    try {
      expect((await releasedShare(during, emails[0] as string)).json()).toEqual({
        address: ADDRESSES[0],
        serverShare: shareOf(0),
      });
    } finally {
      await during.stop();
    }

    const first = await cli(database, rotating, ["--batch-size", "3"]);
    const keyId = new ShareCipher(shareKeyBytes(NEW_KEY)).keyId;
    expect(first.stdout).toContain(`under share key ${keyId}, 3 users a batch`);
    expect(first.stdout).toContain("  3 rewrapped, 0 unreadable so far\n  4 rewrapped, 0 unreadable so far\n");
    expect(first.stdout).toContain(`Done: 4 rewrapped, 0 unreadable, 4 shares under share key ${keyId}`);
    const again = await cli(database, rotating);
    expect(again.stdout).toContain(`Done: 0 rewrapped, 0 unreadable, 4 shares under share key ${keyId}`);
    for (const output of [first.stdout + first.stderr, again.stdout + again.stderr]) {
      expect(output).not.toContain("a1a1a1a1");
      expect(output).not.toContain("b2b2b2b2");
    }

    const after = await stackOn(database, { EMBEDDED_WALLET_SHARE_KEY: NEW_KEY });
    try {
      const rows = await after.storage.db.select().from(embeddedWalletUsers);
      expect(
        rows.filter((row) => row.email.startsWith(`rotate-${kind.length}`)).map((row) => row.serverShare?.slice(0, 20)),
      ).toEqual(Array(4).fill(`v2:${keyId}:`));
      for (const [index, email] of emails.entries())
        expect((await releasedShare(after, email)).json()).toEqual({
          address: ADDRESSES[index],
          serverShare: shareOf(index),
        });
    } finally {
      await after.stop();
    }
  }, 180_000);

  it("resumes an interrupted rotation where it stopped", async () => {
    const database = freshDatabase(kind);
    await walletsUnderOldKey(database, `resume-${kind.length}`);
    const stack = await stackOn(database, {
      EMBEDDED_WALLET_SHARE_KEY: NEW_KEY,
      EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS: OLD_KEY,
    });
    try {
      const cipher = new ShareCipher(shareKeyBytes(NEW_KEY), [shareKeyBytes(OLD_KEY)]);
      const interrupted = rotateShareKey(stack.storage, cipher, {
        batchSize: 2,
        onBatch: () => {
          throw new Error("stopped after the first batch");
        },
      });
      await expect(interrupted).rejects.toThrow("stopped after the first batch");
      const resumed = await rotateShareKey(stack.storage, cipher, { batchSize: 2 });
      expect(resumed).toMatchObject({ rewrapped: 2, failed: 0 });
      expect(resumed.current).toBeGreaterThanOrEqual(4);
    } finally {
      await stack.stop();
    }
  }, 180_000);

  it("answers a share under a key the server lacks with 503 share_key_unknown, and the rotation reports it", async () => {
    const database = freshDatabase(kind);
    const [email] = await walletsUnderOldKey(database, `lost-${kind.length}`);
    const stack = await stackOn(database, {
      EMBEDDED_WALLET_SHARE_KEY: NEW_KEY,
      EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS: LOST_KEY,
    });
    try {
      const oldId = new ShareCipher(shareKeyBytes(OLD_KEY)).keyId;
      const response = await releasedShare(stack, email as string);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: "share_key_unknown",
        message: `This wallet's server share is encrypted under share key ${oldId}, which this server does not have: the operator must add that key to EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS`,
      });
      const cipher = new ShareCipher(shareKeyBytes(NEW_KEY), [shareKeyBytes(LOST_KEY)]);
      const report = await rotateShareKey(stack.storage, cipher);
      expect(report.rewrapped).toBe(0);
      expect(report.failed).toBeGreaterThanOrEqual(4);
      expect(report.failures).toContainEqual({
        userId: expect.any(String),
        reason: `the stored share is encrypted under share key ${oldId}, which is neither EMBEDDED_WALLET_SHARE_KEY nor in EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS`,
      });
      expect(report.failures).toContainEqual({
        userId: expect.any(String),
        reason: "the stored share (written before key ids) decrypts with none of the configured share keys",
      });
    } finally {
      await stack.stop();
    }
  }, 180_000);
});
