import { bytesToHex, type Hex, hexToBytes } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { keysharesFileJson } from "../../../devnet/ssv/keyshares-file-json.ts";
import { generateKeysharesEntry, type SsvOperatorKey } from "../../../devnet/ssv/keyshares-generate.ts";
import enUS from "../../../locales/en_US.json" with { type: "json" };
import { makeSsvOperators } from "../../../tests/support/ssv-operator-keys.ts";
import { verifySignaturesWithNoble } from "../deposit/bls-noble.ts";
import { loadWasmBls, verifySignaturesWithWasm, type WasmBls } from "../deposit/bls-wasm.ts";
import { checkShareKeysHere } from "./check-share-public-keys.ts";
import type { KeysharesEntry } from "./keyshares-file.ts";
import type { KeysharesProblem, KeysharesProblemName } from "./keyshares-problem.ts";
import { type KeysharesVerification, verifyKeyshares } from "./verify-keyshares.ts";

const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER_OWNER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const NEXT_NONCE = 3;

let operators: SsvOperatorKey[]; // ids 1 to 5; the user selects 1 to 4
let strangerKeyFor4: SsvOperatorKey;
let signer: WasmBls;

beforeAll(async () => {
  operators = makeSsvOperators([1, 2, 3, 4, 5]).operators;
  strangerKeyFor4 = { id: 4, publicKey: (makeSsvOperators([4]).operators[0] as SsvOperatorKey).publicKey };
  signer = await loadWasmBls();
});

const selected = () => operators.slice(0, 4);
/** Validator k's fixed secret key, so the tests can name its public key. */
const secretKey = (k: number) => Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? k : i === 0 ? 0x11 : 0));
const publicKeyOf = (k: number) => bytesToHex(signer.publicKey(secretKey(k)));
const shortKey = (k: number) => `${publicKeyOf(k).slice(0, 8)}…${publicKeyOf(k).slice(-6)}`;

function entry(k: number, nonce: number, options: { owner?: string; operators?: SsvOperatorKey[] } = {}) {
  return generateKeysharesEntry(
    { secretKey: secretKey(k), owner: options.owner ?? OWNER, nonce, operators: options.operators ?? selected() },
    signer,
  ).entry;
}

const upload = (name: string, entries: KeysharesEntry[]) => ({ name, text: keysharesFileJson(entries) });

function verify(files: { name: string; text: string }[], registered: readonly Hex[] = []) {
  return verifyKeyshares(
    files,
    {
      owner: OWNER,
      nextNonce: NEXT_NONCE,
      operators: selected().map(({ id, publicKey }) => ({ id, publicKey })),
      isRegistered: async (publicKey) => registered.includes(publicKey),
    },
    verifySignaturesWithWasm,
    checkShareKeysHere,
  );
}

// Every rule has its English text (typecheck fails otherwise); codegen holds zh_CN to the same keys and placeholders.
const everyRuleHasItsText: KeysharesProblemName extends keyof typeof enUS.ssv.keyshares ? true : never = true;

/** A problem as the user reads it in English: the en_US text with its placeholders filled. */
function line(problem: KeysharesProblem): string {
  const name = problem.key.slice("ssv.keyshares.".length) as keyof typeof enUS.ssv.keyshares;
  const template = enUS.ssv.keyshares[name];
  if (template === undefined) throw new Error(`${problem.key} is missing from locales/en_US.json`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in problem.values)) throw new Error(`${problem.key} has no value for {{${key}}}`);
    return String(problem.values[key]);
  });
}

const lines = (result: KeysharesVerification) => (result.ok ? [] : result.problems.map(line));

describe("verifyKeyshares", () => {
  it("has an English text for every rule", () => expect(everyRuleHasItsText).toBe(true));

  it("accepts a file from the generator and returns its validator, ready to register", async () => {
    const valid = entry(1, 3);
    const result = await verify([upload("keyshares-1.json", [valid])]);
    expect(result).toEqual({
      ok: true,
      validators: [
        {
          file: "keyshares-1.json",
          publicKey: publicKeyOf(1),
          ownerNonce: 3,
          operatorIds: [1, 2, 3, 4],
          sharesData: valid.payload.sharesData,
        },
      ],
    });
  });

  it("accepts an owner address written in lower case, as the SSV keys tool keeps what it was given", async () => {
    const lowerCase = entry(1, 3);
    lowerCase.data.ownerAddress = OWNER.toLowerCase();
    expect((await verify([upload("k.json", [lowerCase])])).ok).toBe(true);
  });

  it("accepts nonces n and n+1 in two files in either upload order, and returns them sorted by nonce", async () => {
    const a = upload("a.json", [entry(1, 3)]);
    const b = upload("b.json", [entry(2, 4)]);
    for (const files of [
      [a, b],
      [b, a],
    ]) {
      const result = await verify(files);
      expect(result.ok && result.validators.map((v) => [v.file, v.ownerNonce])).toEqual([
        ["a.json", 3],
        ["b.json", 4],
      ]);
    }
  });

  it("refuses files whose nonces leave a gap", async () => {
    const result = await verify([upload("a.json", [entry(1, 3)]), upload("b.json", [entry(2, 5)])]);
    expect(lines(result)).toEqual([
      `b.json, validator ${shortKey(2)}: owner nonce 5 does not follow on; together your files must use nonces 3 to 4, one per validator.`,
    ]);
  });

  it("names the one nonce a single validator must use, not a range of one", async () => {
    const result = await verify([upload("a.json", [entry(1, 5)])]);
    expect(lines(result)).toEqual([
      `a.json, validator ${shortKey(1)}: owner nonce 5 is not your next one; a single validator must use nonce 3, your next nonce on the SSV network.`,
    ]);
  });

  it("refuses two validators with the same nonce", async () => {
    const result = await verify([upload("a.json", [entry(1, 3)]), upload("b.json", [entry(2, 3)])]);
    expect(lines(result)).toEqual([
      `b.json, validator ${shortKey(2)}: owner nonce 3 is also used by a.json, validator ${shortKey(1)}; each validator needs its own nonce.`,
    ]);
  });

  it("refuses a file made for another owner", async () => {
    const result = await verify([upload("k.json", [entry(1, 3, { owner: OTHER_OWNER })])]);
    expect(lines(result)).toEqual([
      `k.json, validator ${shortKey(1)}: made for owner ${OTHER_OWNER}, not for your connected wallet ${OWNER}.`,
    ]);
  });

  it("refuses a stale nonce", async () => {
    const result = await verify([upload("k.json", [entry(1, 2)])]);
    expect(lines(result)).toEqual([
      `k.json, validator ${shortKey(1)}: owner nonce 2 is already used; your next nonce on the SSV network is 3.`,
    ]);
  });

  it("refuses shares split for other operators than the selection", async () => {
    const others = [operators[0], operators[1], operators[2], operators[4]] as SsvOperatorKey[];
    const result = await verify([upload("k.json", [entry(1, 3, { operators: others })])]);
    expect(lines(result)).toEqual([
      `k.json, validator ${shortKey(1)}: split for operators 1, 2, 3, 5, but you selected operators 1, 2, 3, 4.`,
    ]);
  });

  it("refuses an operator key that is not the one registered on chain", async () => {
    const withStranger = [...selected().slice(0, 3), strangerKeyFor4];
    const result = await verify([upload("k.json", [entry(1, 3, { operators: withStranger })])]);
    expect(lines(result)).toEqual([
      `k.json, validator ${shortKey(1)}: the key given for operator 4 is not the key it registered on the SSV network, so it could not use its share.`,
    ]);
  });

  it("refuses a signature over another owner:nonce than the entry's", async () => {
    const tampered = entry(1, 4);
    tampered.data.ownerNonce = 3; // the shares were signed for nonce 4
    const result = await verify([upload("k.json", [tampered])]);
    expect(lines(result)).toEqual([
      `k.json, validator ${shortKey(1)}: the signature over owner and nonce is not valid for this validator's key; the file was altered or not made with this key.`,
    ]);
  });

  it("refuses shares spliced from another validator behind this validator's valid owner:nonce signature", async () => {
    const spliced = entry(2, 4);
    const signature = spliced.payload.sharesData.slice(0, 2 + 96 * 2); // signed by validator 2 for owner:4
    spliced.payload.sharesData = `${signature}${entry(7, 4).payload.sharesData.slice(2 + 96 * 2)}`;
    const result = await verify([upload("k.json", [entry(1, 3), spliced])]);
    expect(lines(result)).toEqual([
      `k.json, entry 2, validator ${shortKey(2)}: the operators' share public keys do not combine to this validator's public key; the shares belong to another validator or were altered, and the operators could never sign for this one.`,
    ]);
  });

  it("refuses one operator's share key taken from another split, naming the operator", async () => {
    const altered = entry(1, 3);
    const sharesData = hexToBytes(altered.payload.sharesData as Hex);
    const fourthKey = 96 + 3 * 48; // operator 4's share public key
    sharesData.set(hexToBytes(entry(1, 3).payload.sharesData as Hex).subarray(fourthKey, fourthKey + 48), fourthKey);
    altered.payload.sharesData = bytesToHex(sharesData);
    const result = await verify([upload("k.json", [altered])]);
    expect(lines(result)).toEqual([
      `k.json, entry 1, validator ${shortKey(1)}: the share public key of operator 4 is not part of the same split as the other operators' keys; the file was altered, and that operator could not sign for this validator.`,
    ]);
  });

  it("refuses truncated shares", async () => {
    const truncated = entry(1, 3);
    truncated.payload.sharesData = truncated.payload.sharesData.slice(0, -20);
    const result = await verify([upload("k.json", [truncated])]);
    expect(lines(result)).toEqual([
      `k.json, validator ${shortKey(1)}: the shares are 1302 bytes, but 4 operators need 1312 (truncated or altered shares).`,
    ]);
  });

  it("refuses a validator already registered on the SSV network", async () => {
    const result = await verify([upload("k.json", [entry(1, 3)])], [publicKeyOf(1)]);
    expect(lines(result)).toEqual([
      `k.json, validator ${shortKey(1)}: this validator is already registered on the SSV network.`,
    ]);
  });

  it("refuses the same validator twice across files", async () => {
    const result = await verify([upload("a.json", [entry(1, 3)]), upload("b.json", [entry(1, 4)])]);
    expect(lines(result)).toEqual([
      `b.json, validator ${shortKey(1)}: the same validator is also in a.json; a validator can be registered only once.`,
    ]);
  });

  it("refuses a file that is not JSON, and one in another format", async () => {
    const result = await verify([
      { name: "notes.txt", text: "validator keys: see attached" },
      { name: "old.json", text: JSON.stringify({ version: "v4", data: {}, payload: {} }) },
      { name: "empty.json", text: JSON.stringify({ version: "v1.1.0", shares: [] }) },
      { name: "deposit_data-1.json", text: JSON.stringify([{ pubkey: "a0", amount: 32000000000 }]) },
    ]);
    expect(lines(result)).toEqual([
      "notes.txt is not a JSON file. Choose the keyshares file your key-splitting tool wrote.",
      "old.json is in keyshares format v4; this app reads format v1.1.0 and later. Create it again with a current SSV keys tool.",
      "empty.json holds no validators.",
      "deposit_data-1.json is JSON but not a keyshares file: expected an object with a version and the validators' shares, as the SSV keys tool writes.",
    ]);
  });

  it("lists the problems file by file, in upload order", async () => {
    const noNonce = entry(3, 5) as { data: Partial<KeysharesEntry["data"]> };
    delete noNonce.data.ownerNonce;
    const result = await verify([
      upload("c.json", [noNonce as KeysharesEntry, entry(2, 4, { owner: OTHER_OWNER })]),
      { name: "b.txt", text: "not json" },
      upload("a.json", [entry(1, 6)]),
    ]);
    expect(lines(result)).toEqual([
      `c.json, validator ${shortKey(3)}: data.ownerNonce is missing or malformed.`,
      `c.json, validator ${shortKey(2)}: made for owner ${OTHER_OWNER}, not for your connected wallet ${OWNER}.`,
      "b.txt is not a JSON file. Choose the keyshares file your key-splitting tool wrote.",
      `a.json, validator ${shortKey(1)}: owner nonce 6 does not follow on; together your files must use nonces 3 to 5, one per validator.`,
    ]);
  });

  it("names each malformed field, and the payload that does not repeat its data", async () => {
    const missing = entry(1, 3) as { payload: Partial<KeysharesEntry["payload"]> };
    delete missing.payload.sharesData;
    const swapped = entry(2, 4);
    swapped.payload.publicKey = publicKeyOf(9);
    swapped.payload.operatorIds = [2, 1, 3, 4];
    const result = await verify([upload("k.json", [missing as KeysharesEntry, swapped])]);
    expect(lines(result)).toEqual([
      `k.json, validator ${shortKey(1)}: payload.sharesData is missing or malformed.`,
      `k.json, validator ${shortKey(2)}: payload.operatorIds (2, 1, 3, 4) differ from the operators in data (1, 2, 3, 4).`,
      `k.json, validator ${shortKey(2)}: payload.publicKey is not the validator's public key in data.`,
    ]);
  });

  it("fails, rather than passing the file, when whether a key is registered cannot be found out", async () => {
    const unreachable = async (): Promise<boolean> => {
      throw new Error("the SSV network could not be read");
    };
    const expected = { owner: OWNER, nextNonce: NEXT_NONCE, operators: selected(), isRegistered: unreachable };
    await expect(
      verifyKeyshares([upload("k.json", [entry(1, 3)])], expected, verifySignaturesWithWasm, checkShareKeysHere),
    ).rejects.toThrow("the SSV network could not be read");
  });

  it("gives the same verdict with noble as with the WebAssembly backend", async () => {
    const tampered = entry(2, 5);
    tampered.data.ownerNonce = 4;
    const files = [upload("k.json", [entry(1, 3), tampered])];
    const expected = { owner: OWNER, nextNonce: NEXT_NONCE, operators: selected(), isRegistered: async () => false };
    const withNoble = await verifyKeyshares(files, expected, verifySignaturesWithNoble, checkShareKeysHere);
    expect(withNoble).toEqual(await verify(files));
    expect(lines(withNoble)).toHaveLength(1);
  });
});
