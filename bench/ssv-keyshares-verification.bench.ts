import { keysharesFileJson } from "../devnet/ssv/keyshares-file-json.ts";
import { generateKeysharesEntry } from "../devnet/ssv/keyshares-generate.ts";
import { loadWasmBls, verifySignaturesWithWasm } from "../src/lib/deposit/bls-wasm.ts";
import { verifyDepositDataWith } from "../src/lib/deposit/index.ts";
import { verifyKeyshares } from "../src/lib/ssv/verify-keyshares.ts";
import { depositFixtures, FIXTURE_OWNER, fixtureExpectations } from "../tests/support/deposit-fixtures.ts";
import { makeSsvOperators } from "../tests/support/ssv-operator-keys.ts";
import { type BenchResult, median } from "./measure.ts";

const COUNTS = [1, 10] as const;
const RUNS = 15;
/** Both verify one BLS signature per validator; parsing the larger keyshares text may add a little. */
const GOAL_RATIO = 1.5;

async function timed(run: () => Promise<boolean>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    if (!(await run())) throw new Error("a valid fixture was refused");
    times.push(performance.now() - started);
  }
  return times.slice(1); // the first run warms the WebAssembly and the JIT
}

/**
 * Verifying keyshares files in the browser's way (every rule, the owner:nonce signatures with bls-eth-wasm) for
 * 1 and 10 validators, as a ratio to verifying as many deposit-data entries with the same backend, in the same run.
 */
export async function benchSsvKeysharesVerification(): Promise<BenchResult[]> {
  const signer = await loadWasmBls();
  const { operators } = makeSsvOperators([1, 2, 3, 4]);
  const selection = operators.map(({ id, publicKey }) => ({ id, publicKey }));
  const results: BenchResult[] = [];
  for (const count of COUNTS) {
    const entries = Array.from(
      { length: count },
      (_, k) => generateKeysharesEntry({ owner: FIXTURE_OWNER, nonce: k, operators }, signer).entry,
    );
    const files = [{ name: "keyshares.json", text: keysharesFileJson(entries) }];
    const expected = { owner: FIXTURE_OWNER, nextNonce: 0, operators: selection, isRegistered: async () => false };
    const deposits = await depositFixtures(count);
    const depositExpectations = fixtureExpectations(count);
    const keysharesMs = median(
      await timed(async () => (await verifyKeyshares(files, expected, verifySignaturesWithWasm)).ok),
    );
    const depositMs = median(
      await timed(
        async () => (await verifyDepositDataWith(deposits, depositExpectations, verifySignaturesWithWasm)).ok,
      ),
    );
    results.push({
      name: `SSV keyshares verification, bls-eth-wasm in Node (${count} validator${count > 1 ? "s" : ""})`,
      baselineName: `deposit data verification, ${count} entr${count > 1 ? "ies" : "y"}`,
      baselineMs: depositMs,
      measuredMs: keysharesMs,
      ratio: keysharesMs / depositMs,
      goal: GOAL_RATIO,
      notes: `median of ${RUNS} warm runs each; one file, 4 operators; every rule and one BLS signature per validator on both sides`,
    });
  }
  return results;
}
