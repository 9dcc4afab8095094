import { bytesToHex } from "viem";
import { blsPublicKey, blsSign } from "./bls-noble.ts";
import { DEPOSIT_CLI_VERSION, type DepositDataEntry } from "./deposit-data-file.ts";
import { computeDepositDomain, computeSigningRoot } from "./signing.ts";
import { DepositData, DepositMessage } from "./ssz-containers.ts";

export interface DepositInput {
  /** The validator's 32-byte BLS secret key. */
  readonly secretKey: Uint8Array;
  readonly withdrawalCredentials: Uint8Array;
  readonly amountGwei: bigint;
  /** The genesis fork version of the chain the deposit is for. */
  readonly forkVersion: Uint8Array;
  readonly networkName: string;
}

const plain = (bytes: Uint8Array) => bytesToHex(bytes).slice(2);

/** The two BLS operations signing a deposit needs; noble by default, or loadWasmBls() (same bytes, faster). */
export interface BlsSigner {
  publicKey(secretKey: Uint8Array): Uint8Array;
  sign(signingRoot: Uint8Array, secretKey: Uint8Array): Uint8Array;
}

const nobleSigner: BlsSigner = { publicKey: blsPublicKey, sign: blsSign };

/** Signs a deposit and returns it as a deposit CLI deposit_data entry, with both roots. */
export function createDepositData(input: DepositInput, signer: BlsSigner = nobleSigner): DepositDataEntry {
  const pubkey = signer.publicKey(input.secretKey);
  const message = { pubkey, withdrawalCredentials: input.withdrawalCredentials, amount: input.amountGwei };
  const messageRoot = DepositMessage.hashTreeRoot(message);
  const signature = signer.sign(
    computeSigningRoot(messageRoot, computeDepositDomain(input.forkVersion)),
    input.secretKey,
  );
  const dataRoot = DepositData.hashTreeRoot({ ...message, signature });
  return {
    pubkey: plain(pubkey),
    withdrawal_credentials: plain(input.withdrawalCredentials),
    amount: Number(input.amountGwei),
    signature: plain(signature),
    deposit_message_root: plain(messageRoot),
    deposit_data_root: plain(dataRoot),
    fork_version: plain(input.forkVersion),
    network_name: input.networkName,
    deposit_cli_version: DEPOSIT_CLI_VERSION,
  };
}
