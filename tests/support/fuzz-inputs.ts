/** Seeded inputs for the fuzz test (server/fuzz.test.ts): odd strings, JSON, bodies and signatures. */

/** A small seeded generator so a failing case can be replayed. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

export const WEIRD_STRINGS = [
  "",
  " ",
  "undefined",
  "null",
  "0x",
  "-1",
  "1e309",
  "NaN",
  "__proto__",
  "constructor",
  "%00",
  "'; drop table validators; --",
  "<script>alert(1)</script>",
  "\u0000",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "a".repeat(5000),
  `0x${"f".repeat(64)}`,
];

function weirdJson(rng: ReturnType<typeof random>, depth = 0): unknown {
  const roll = rng.next();
  if (depth > 3 || roll < 0.3) return rng.pick<unknown>([null, true, 0, -1, 2 ** 64, 0.1, ...WEIRD_STRINGS]);
  if (roll < 0.6) return Array.from({ length: Math.floor(rng.next() * 4) }, () => weirdJson(rng, depth + 1));
  const keys = ["jsonrpc", "id", "method", "params", "owner", "amount", "__proto__", "network_type", "x"];
  return Object.fromEntries(
    Array.from({ length: Math.floor(rng.next() * 5) }, () => [rng.pick(keys), weirdJson(rng, depth + 1)]),
  );
}

export function weirdBody(rng: ReturnType<typeof random>): { payload: string; contentType: string } {
  const roll = rng.next();
  if (roll < 0.15) return { payload: '{"jsonrpc":"2.0",', contentType: "application/json" };
  if (roll < 0.25) return { payload: `${"[".repeat(5000)}${"]".repeat(5000)}`, contentType: "application/json" };
  if (roll < 0.35) return { payload: "method=eth_call", contentType: "application/x-www-form-urlencoded" };
  if (roll < 0.45) return { payload: "\u0000\u0001binary", contentType: "application/octet-stream" };
  if (roll < 0.5)
    return {
      payload: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "eth_call",
        params: [{ data: `0x${"ab".repeat(600_000)}` }],
      }),
      contentType: "application/json",
    };
  return {
    payload: JSON.stringify(weirdJson(rng)),
    contentType: rng.pick(["application/json", "text/plain", "application/json; charset=utf-16"]),
  };
}

const N = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";

/** Signatures no wallet made: every length up to 140 bytes, every v byte, r and s at and past their bounds. */
export function malformedSignatures(rng: ReturnType<typeof random>, valid: string): string[] {
  const hex = (bytes: number) =>
    Array.from({ length: bytes }, () =>
      Math.floor(rng.next() * 256)
        .toString(16)
        .padStart(2, "0"),
    ).join("");
  const rs = valid.slice(2, 130);
  const shapes = [
    ...Array.from({ length: 141 }, (_, bytes) => `0x${hex(bytes)}`),
    // every v byte but the signature's own (27 or 28) and the same parity written as 0 or 1
    ...Array.from({ length: 256 }, (_, v) => v)
      .filter((v) => v !== Number.parseInt(valid.slice(130), 16) && v !== Number.parseInt(valid.slice(130), 16) - 27)
      .map((v) => `0x${rs}${v.toString(16).padStart(2, "0")}`),
    ...["00".repeat(32), N, "ff".repeat(32)].flatMap((bound) => [
      `0x${bound}${rs.slice(64)}1b`,
      `0x${rs.slice(0, 64)}${bound}1c`,
    ]),
    // a high s (above half the order), and r and s both at the order minus one
    `0x${rs.slice(0, 64)}${N.slice(0, 63)}0${valid.slice(130)}`,
    `0x${N.slice(0, 63)}0${N.slice(0, 63)}01b`,
    `0x${"00".repeat(65)}`,
    `0x${"ff".repeat(65)}`,
    `${valid}0`,
    `${valid.toUpperCase()}`,
    `0x${"zz".repeat(65)}`,
    // an ERC-6492 wrapper around garbage, and one that is only the magic suffix
    `0x${hex(200)}${"6492".repeat(16)}`,
    `0x${"6492".repeat(16)}${"6492".repeat(16)}`,
    `0x${hex(8192)}`,
    `0x${hex(8193)}`,
  ];
  return shapes;
}
