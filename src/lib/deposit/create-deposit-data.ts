import { bytesToHex } from "viem";
import { DEPOSIT_CLI_VERSION, type DepositDataEntry } from "./deposit-data-file.ts";
import { blsPublicKey, blsSign, computeDepositDomain, computeSigningRoot } from "./signing.ts";
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

/** Signs a deposit and returns it as a deposit CLI deposit_data entry, with both roots. */
export function createDepositData(input: DepositInput): DepositDataEntry {
  const pubkey = blsPublicKey(input.secretKey);
  const message = { pubkey, withdrawalCredentials: input.withdrawalCredentials, amount: input.amountGwei };
  const messageRoot = DepositMessage.hashTreeRoot(message);
  const signature = blsSign(computeSigningRoot(messageRoot, computeDepositDomain(input.forkVersion)), input.secretKey);
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
