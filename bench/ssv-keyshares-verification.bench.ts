import { rmSync } from "node:fs";
import type { Page } from "playwright-core";
import { keysharesFileJson } from "../devnet/ssv/keyshares-file-json.ts";
import { generateKeysharesEntry } from "../devnet/ssv/keyshares-generate.ts";
import { loadWasmBls, verifySignaturesWithWasm } from "../src/core/deposit/bls-wasm.ts";
import { type DepositDataEntry, verifyDepositDataWith } from "../src/core/deposit/index.ts";
import { checkShareKeysHere } from "../src/core/ssv/check-share-public-keys.ts";
import { verifyKeyshares } from "../src/core/ssv/verify-keyshares.ts";
import { launchChromium } from "../tests/e2e/support/browser.ts";
import { startStaticServer } from "../tests/e2e/support/static-server.ts";
import { depositFixtures, FIXTURE_OWNER, fixtureExpectations } from "../tests/support/deposit-fixtures.ts";
import { makeSsvOperators } from "../tests/support/ssv-operator-keys.ts";
import { type BenchResult, median } from "./measure.ts";
import { buildEntry } from "./modal-kit/build-entry.ts";

const COUNTS = [1, 10] as const;
const RUNS = 15;
/** Both verify one BLS signature per validator; parsing the larger keyshares text may add a little. */
const GOAL_RATIO = 1.5;

interface Fixture {
  readonly count: number;
  readonly files: { name: string; text: string }[];
  readonly expected: { owner: string; nextNonce: number; operators: { id: number; publicKey: string }[] };
  readonly deposits: DepositDataEntry[];
}

/** Medians of both, run by turns so that a change in the machine's load falls on both alike. */
async function timedPair(first: () => Promise<boolean>, second: () => Promise<boolean>): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i <= RUNS; i++) {
    for (const [index, run] of [first, second].entries()) {
      const started = performance.now();
      if (!(await run())) throw new Error("a valid fixture was refused");
      if (i > 0) times[index]?.push(performance.now() - started); // run 0 warms the WebAssembly and the JIT
    }
  }
  return [median(times[0]), median(times[1])];
}

/**
 * Verifying keyshares files as the browser does (every rule, the owner:nonce signatures with bls-eth-wasm) for
 * 1 and 10 validators, as a ratio to verifying as many deposit-data entries with the same backend in the same
 * run: in Node, and in Chromium through the app's BLS Web Worker (a production build of both verifiers).
 */
export async function benchSsvKeysharesVerification(): Promise<BenchResult[]> {
  const fixtures = await makeFixtures();
  const results: BenchResult[] = [];
  const result = (where: string, fixture: Fixture, keysharesMs: number, depositMs: number): BenchResult => ({
    name: `SSV keyshares verification, ${where} (${fixture.count} validator${fixture.count > 1 ? "s" : ""})`,
    baselineName: `deposit data verification, ${fixture.count} entr${fixture.count > 1 ? "ies" : "y"}, same place`,
    baselineMs: depositMs,
    measuredMs: keysharesMs,
    ratio: keysharesMs / depositMs,
    goal: GOAL_RATIO,
    notes: `median of ${RUNS} warm runs each, taken by turns; one file, 4 operators; every rule and one BLS signature per validator on both sides`,
  });
  for (const fixture of fixtures) {
    const expected = { ...fixture.expected, isRegistered: async () => false };
    const deposits = fixtureExpectations(fixture.count);
    const [keysharesMs, depositMs] = await timedPair(
      async () => (await verifyKeyshares(fixture.files, expected, verifySignaturesWithWasm, checkShareKeysHere)).ok,
      async () => (await verifyDepositDataWith(fixture.deposits, deposits, verifySignaturesWithWasm)).ok,
    );
    results.push(result("bls-eth-wasm in Node", fixture, keysharesMs, depositMs));
  }
  const built = await buildEntry("bench/ssv-keyshares-verification/entry.ts");
  const [site, browser] = await Promise.all([startStaticServer(built.outDir), launchChromium()]);
  try {
    const page = await browser.newPage();
    await page.goto(site.url);
    await page.waitForFunction("window.__ssvKeysharesBench !== undefined");
    for (const fixture of fixtures) {
      const { keysharesMs, depositMs } = await measureInPage(page, fixture);
      results.push(result("Chromium Web Worker", fixture, keysharesMs, depositMs));
    }
  } finally {
    await browser.close();
    await site.close();
    rmSync(built.outDir, { recursive: true, force: true });
  }
  return results;
}

async function makeFixtures(): Promise<Fixture[]> {
  const signer = await loadWasmBls();
  const { operators } = makeSsvOperators([1, 2, 3, 4]);
  return Promise.all(
    COUNTS.map(async (count) => {
      const entries = Array.from(
        { length: count },
        (_, k) => generateKeysharesEntry({ owner: FIXTURE_OWNER, nonce: k, operators }, signer).entry,
      );
      return {
        count,
        files: [{ name: "keyshares.json", text: keysharesFileJson(entries) }],
        expected: {
          owner: FIXTURE_OWNER,
          nextNonce: 0,
          operators: operators.map(({ id, publicKey }) => ({ id, publicKey })),
        },
        deposits: await depositFixtures(count),
      };
    }),
  );
}

async function measureInPage(page: Page, fixture: Fixture): Promise<{ keysharesMs: number; depositMs: number }> {
  const { amountsGwei, ...rest } = fixtureExpectations(fixture.count);
  // A string, not a function: tsx would add helpers the page does not have.
  const times = (await page.evaluate(`(async () => {
    const bench = window.__ssvKeysharesBench;
    const files = ${JSON.stringify(fixture.files)};
    const expected = ${JSON.stringify(fixture.expected)};
    const deposits = ${JSON.stringify(fixture.deposits)};
    const depositExpected = { ...${JSON.stringify(rest)}, amountsGwei: ${JSON.stringify(amountsGwei.map(String))}.map(BigInt) };
    const runs = [() => bench.verifyKeyshares(files, expected), async () => (await bench.verifyDeposits(deposits, depositExpected)).ok];
    const times = { keyshares: [], deposits: [] };
    for (let i = 0; i <= ${RUNS}; i++) {
      for (const [index, run] of runs.entries()) {
        const started = performance.now();
        if (!(await run())) throw new Error("the browser refused a valid fixture");
        if (i > 0) (index === 0 ? times.keyshares : times.deposits).push(performance.now() - started);
      }
    }
    return times;
  })()`)) as { keyshares: number[]; deposits: number[] };
  return { keysharesMs: median(times.keyshares), depositMs: median(times.deposits) };
}
