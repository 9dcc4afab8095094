import { execFile } from "node:child_process";
import { createPrivateKey } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { hexToBytes } from "viem";
import { afterAll, describe, expect, it } from "vitest";
import { blsPublicKey } from "../../src/core/deposit/bls-noble.ts";
import { verifySignaturesWithWasm } from "../../src/core/deposit/bls-wasm.ts";
import { verifyDepositData } from "../../src/core/deposit/index.ts";
import { checkShareKeysHere } from "../../src/core/ssv/check-share-public-keys.ts";
import { verifyKeyshares } from "../../src/core/ssv/verify-keyshares.ts";
import { decryptPkcs1v15 } from "../../tests/support/ssv-operator-keys.ts";
import { readDevnetOperators } from "./devnet-operators.ts";

const run = promisify(execFile);
const cli = fileURLToPath(new URL("./keyshares-cli.ts", import.meta.url));
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs the command as `npm run ssv:keyshares` does, from a fresh folder the caller's relative paths start in. */
async function keyshares(args: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "ssv-keyshares-"));
  dirs.push(dir);
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", cli, ...args], {
      env: { ...process.env, INIT_CWD: dir },
    });
    return { dir, code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { dir, code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("npm run ssv:keyshares", () => {
  it("writes 2 validators with nonces 5 and 6 that the browser verifier accepts, with their deposit data", async () => {
    const result = await keyshares(
      ["--owner", OWNER.toLowerCase(), "--nonce", "5", "--operators", "4,1,2,3"].concat([
        "--count",
        "2",
        "--out",
        "mine.json",
      ]),
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const depositFile = readdirSync(result.dir).find((name) => /^deposit_data-\d+\.json$/.test(name));
    expect(readdirSync(result.dir).sort()).toEqual([depositFile, "mine.json"].sort());

    const operators = readDevnetOperators();
    const verification = await verifyKeyshares(
      [{ name: "mine.json", text: readFileSync(join(result.dir, "mine.json"), "utf8") }],
      {
        owner: OWNER,
        nextNonce: 5,
        operators: operators.slice(0, 4).map(({ id, publicKey }) => ({ id, publicKey })),
        isRegistered: async () => false,
      },
      verifySignaturesWithWasm,
      checkShareKeysHere,
    );
    if (!verification.ok) throw new Error(JSON.stringify(verification.problems));
    expect(verification.validators.map((validator) => validator.ownerNonce)).toEqual([5, 6]);
    expect(result.stdout).toContain("nonces 5 to 6,\noperators 1, 2, 3, 4:");

    // Each devnet operator opens its own share with its private key, and the share matches its public key.
    const [first] = verification.validators;
    const shares = hexToBytes(first?.sharesData ?? "0x");
    operators.slice(0, 4).forEach((operator, i) => {
      const ciphertext = shares.subarray(96 + 48 * 4 + 256 * i, 96 + 48 * 4 + 256 * (i + 1));
      const secret = decryptPkcs1v15(createPrivateKey(operator.privateKeyPem), ciphertext) as `0x${string}`;
      expect(blsPublicKey(hexToBytes(secret))).toEqual(shares.subarray(96 + 48 * i, 96 + 48 * (i + 1)));
    });

    const deposits = JSON.parse(readFileSync(join(result.dir, depositFile as string), "utf8"));
    const checked = verifyDepositData(deposits, {
      forkVersion: "0x10000038",
      withdrawalAddress: OWNER,
      credentialType: "0x01",
      amountsGwei: [32_000_000_000n, 32_000_000_000n],
    });
    expect(checked.ok).toBe(true);
    expect(deposits.map((deposit: { pubkey: string }) => `0x${deposit.pubkey}`)).toEqual(
      verification.validators.map((validator) => validator.publicKey),
    );
  });

  it("writes 0x02 deposit data to another withdrawal address when asked", async () => {
    const result = await keyshares(
      [
        "--owner",
        OWNER,
        "--nonce",
        "0",
        "--operators",
        "5,6,7,8",
        "--withdrawal",
        OTHER,
        "--credentials",
        "0x02",
      ].concat(["--out", "k.json"]),
    );
    expect(result.code).toBe(0);
    const depositFile = readdirSync(result.dir).find((name) => name.startsWith("deposit_data-")) as string;
    const checked = verifyDepositData(JSON.parse(readFileSync(join(result.dir, depositFile), "utf8")), {
      forkVersion: "0x10000038",
      withdrawalAddress: OTHER,
      credentialType: "0x02",
      amountsGwei: [32_000_000_000n],
    });
    expect(checked.ok).toBe(true);
    expect(result.stdout).toContain(`(32 ETH each, 0x02 credentials to ${OTHER})`);
  });

  it("lists every bad flag with what it expects, exits 1 and writes nothing", async () => {
    const result = await keyshares(
      ["--owner", "0x1234", "--nonce", "-1", "--operators", "1,2,9", "--count", "0"].concat(["--colour", "blue"]),
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      "ssv:keyshares: --colour: not a flag of this command; expected one of --owner, --nonce, --operators, --count, --out, --withdrawal, --credentials",
      'ssv:keyshares: --owner: "0x1234" is not an address; expected 0x and 40 hex digits',
      'ssv:keyshares: --nonce: "-1" is not a whole number from 0',
      'ssv:keyshares: --count: "0" is not a whole number from 1 to 100',
      'ssv:keyshares: --operators: "9" not a devnet operator id; the devnet operators are 1, 2, 3, 4, 5, 6, 7, 8',
      "Run npm run ssv:keyshares -- --help for the flags.",
    ]);
    expect(readdirSync(result.dir)).toEqual([]);
  });

  it("refuses to overwrite an existing file", async () => {
    const first = await keyshares(["--owner", OWNER, "--nonce", "0", "--operators", "1,2,3,4", "--out", "k.json"]);
    writeFileSync(join(first.dir, "again.json"), "mine");
    const again = await keyshares([
      "--owner",
      OWNER,
      "--nonce",
      "0",
      "--operators",
      "1,2,3,4",
      "--out",
      join(first.dir, "again.json"),
    ]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(
      `ssv:keyshares: ${join(first.dir, "again.json")} already exists; choose another file with --out`,
    );
    expect(readFileSync(join(first.dir, "again.json"), "utf8")).toBe("mine");
  });
});
