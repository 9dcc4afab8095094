/**
 * A key thread (node:worker_threads), started by KeyWorkerPool: derives validator keys (EIP-2333/2334), signs
 * deposits (bls-eth-wasm) and encrypts keystores (EIP-2335, scrypt), so none of it runs on the server's event
 * loop. Secret keys stay in this thread; only deposit data and encrypted keystores leave it.
 */
import { parentPort, workerData } from "node:worker_threads";
import { deriveKeyFromEntropy, deriveKeyFromMaster, eth2ValidatorPaths } from "@chainsafe/bls-keygen";
import { bytesToHex } from "viem";
import { loadWasmBls } from "../../src/core/deposit/bls-wasm.ts";
import { createDepositData } from "../../src/core/deposit/index.ts";
import { DEVNET_KEYSTORE_SCRYPT } from "./devnet-keys.ts";
import { EIP2335_SCRYPT, encryptKeystore, type Keystore } from "./encrypt-keystore.ts";
import type { KeyJob, KeyWorkerReply, KeyWorkerRequest, KeyWorkerSecrets, SignedKey } from "./key-jobs.ts";
import { keystorePassword } from "./keystore-password.ts";
import { branchSeed, type SeedBranch } from "./seed-branch.ts";

const secrets = workerData as KeyWorkerSecrets;
const masters = new Map<string, Uint8Array>();

function rootOf(branch: SeedBranch) {
  const root = branch.root === "devnet" ? secrets.devnet : secrets.provider;
  if (!root) throw new Error(`no seed for ${branch.info}: DEPOSIT_SEED is not set`);
  return root;
}

function signingKey(branch: SeedBranch, index: number): { secretKey: Uint8Array; path: string } {
  let master = masters.get(branch.info);
  if (!master) {
    master = deriveKeyFromEntropy(branchSeed(rootOf(branch).seed, branch.info));
    masters.set(branch.info, master);
  }
  const path = eth2ValidatorPaths(index).signing;
  return { secretKey: deriveKeyFromMaster(master, path), path };
}

async function run(job: KeyJob): Promise<SignedKey[] | Keystore> {
  const bls = await loadWasmBls();
  if (job.kind === "sign") {
    return job.amountsGwei.map((amountGwei, position) => {
      const keyIndex = job.firstIndex + position;
      const { secretKey } = signingKey(job.branch, keyIndex);
      const depositData = createDepositData(
        {
          secretKey,
          withdrawalCredentials: job.withdrawalCredentials,
          amountGwei,
          forkVersion: job.forkVersion,
          networkName: job.networkName,
        },
        bls,
      );
      secretKey.fill(0);
      return { keyIndex, depositData };
    });
  }
  const { secretKey, path } = signingKey(job.branch, job.keyIndex);
  const pubkey = bytesToHex(bls.publicKey(secretKey)).slice(2);
  const keystore = encryptKeystore({
    secretKey,
    pubkey,
    path,
    password: keystorePassword(rootOf(job.branch).keystorePassword, pubkey),
    cost: job.branch.root === "devnet" ? DEVNET_KEYSTORE_SCRYPT : EIP2335_SCRYPT,
    description: `operator key ${job.branch.info} #${job.keyIndex}`,
  });
  secretKey.fill(0);
  return keystore;
}

parentPort?.on("message", ({ id, job }: KeyWorkerRequest) => {
  run(job).then(
    (result) => parentPort?.postMessage({ id, result } satisfies KeyWorkerReply),
    (error: unknown) =>
      parentPort?.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies KeyWorkerReply),
  );
});
