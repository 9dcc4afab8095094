import { createPrivateKey, createPublicKey } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { devnetOperatorsPath, readDevnetOperators } from "./devnet-operators.ts";

const dir = mkdtempSync(join(tmpdir(), "devnet-operators-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("devnet SSV operators file", () => {
  it("holds 8 operators, ids 1 to 8, each with an RSA-2048 key pair in SSV's published form", () => {
    const operators = readDevnetOperators();
    expect(operators.map((operator) => operator.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const operator of operators) {
      const pem = Buffer.from(operator.publicKey, "base64").toString("utf8");
      expect(pem.startsWith("-----BEGIN RSA PUBLIC KEY-----\n")).toBe(true);
      expect(pem.endsWith("\n-----END RSA PUBLIC KEY-----\n")).toBe(true);
      // The body is the SubjectPublicKeyInfo, as in the keys SSV operators publish.
      const spki = Buffer.from(pem.split("\n").slice(1, -2).join(""), "base64");
      const publicKey = createPublicKey({ key: spki, format: "der", type: "spki" });
      expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
      const fromPrivate = createPublicKey(createPrivateKey(operator.privateKeyPem));
      expect(fromPrivate.export({ format: "der", type: "spki" })).toEqual(spki);
    }
  });

  it("says in the file that its keys are for the devnet only", () => {
    const text = readFileSync(devnetOperatorsPath, "utf8");
    expect(JSON.parse(text).$comment).toMatch(/^DEVNET ONLY\./);
  });

  it("refuses a file whose operators are out of order, naming the file and the operator", () => {
    const file = JSON.parse(readFileSync(devnetOperatorsPath, "utf8"));
    [file.operators[0], file.operators[1]] = [file.operators[1], file.operators[0]];
    const path = join(dir, "swapped.json");
    writeFileSync(path, JSON.stringify(file));
    expect(() => readDevnetOperators(path)).toThrow(`${path}: operator 1 has id 2`);
  });

  it("lists every problem of a malformed file at once", () => {
    const file = JSON.parse(readFileSync(devnetOperatorsPath, "utf8"));
    file.operators[2].fee = "0.5";
    file.operators[4].owner = "0x1234";
    const path = join(dir, "malformed.json");
    writeFileSync(path, JSON.stringify(file));
    expect(() => readDevnetOperators(path)).toThrow(
      `${path} is not a valid devnet operators file:\noperators/2/fee: a whole number of wei\noperators/4/owner: an address`,
    );
  });
});
