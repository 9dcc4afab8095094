import { type Address, type Hex, hexToBytes } from "viem";
import { loadWasmBls } from "../../src/core/deposit/bls-wasm.ts";
import { createDepositData } from "../../src/core/deposit/create-deposit-data.ts";
import type { DepositDataEntry } from "../../src/core/deposit/deposit-data-file.ts";
import { type CredentialType, withdrawalCredentials } from "../../src/core/deposit/withdrawal-credentials.ts";
import type { KeysharesEntry } from "../../src/core/ssv/keyshares-file.ts";
import { networks } from "../../src/generated/index.ts";
import { generateKeysharesEntry, type SsvOperatorKey } from "./keyshares-generate.ts";

export interface DevnetKeysharesRequest {
  readonly owner: Address;
  /** The first validator's owner nonce; validator k (from 0) gets nonce + k. */
  readonly nonce: number;
  readonly count: number;
  readonly operators: readonly SsvOperatorKey[];
  readonly withdrawalAddress: Address;
  readonly credentials: CredentialType;
}

const DEPOSIT_GWEI = 32_000_000_000n;
const devnet = networks.ethereum.environments?.find((environment) => environment.kind === "devnet");

/**
 * `count` fresh validators for the devnet SSV network: their keyshares entries (nonces nonce … nonce + count - 1)
 * and their 32 ETH deposit data for the devnet's fork version, signed with the same keys. The validator keys
 * are used here and dropped: nothing but the shares (encrypted) and signatures leaves this function.
 */
export async function createDevnetKeyshares(
  request: DevnetKeysharesRequest,
): Promise<{ entries: KeysharesEntry[]; depositData: DepositDataEntry[] }> {
  if (!devnet?.genesisForkVersion) throw new Error("networks/ethereum.json has no devnet genesisForkVersion");
  const forkVersion = hexToBytes(devnet.genesisForkVersion as Hex);
  const signer = await loadWasmBls();
  const credentials = withdrawalCredentials(request.credentials, request.withdrawalAddress);
  const entries: KeysharesEntry[] = [];
  const depositData: DepositDataEntry[] = [];
  for (let k = 0; k < request.count; k++) {
    const { entry, secretKey } = generateKeysharesEntry(
      { owner: request.owner, nonce: request.nonce + k, operators: request.operators },
      signer,
    );
    entries.push(entry);
    depositData.push(
      createDepositData(
        {
          secretKey,
          withdrawalCredentials: credentials,
          amountGwei: DEPOSIT_GWEI,
          forkVersion,
          networkName: devnet.id,
        },
        signer,
      ),
    );
    secretKey.fill(0);
  }
  return { entries, depositData };
}
