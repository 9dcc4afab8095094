import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bytesToHex, concatBytes, getAddress } from "viem";
import { blsPublicKey, blsSign } from "../../src/core/deposit/bls-noble.ts";
import type { BlsSigner } from "../../src/core/deposit/create-deposit-data.ts";
import { ENCRYPTED_SHARE_BYTES, type KeysharesEntry } from "../../src/core/ssv/keyshares-file.ts";
import { ownerNonceMessage } from "../../src/core/ssv/owner-nonce-message.ts";
import { signingThreshold } from "../../src/core/ssv/ssv-cluster.ts";
import { encryptShare } from "./encrypt-share.ts";
import { readOperatorPublicKey } from "./operator-public-key.ts";
import { splitSecretKey } from "./shamir-split.ts";

/** An SSV operator as registered on chain: its id and its public key (base64 of a PEM text). */
export interface SsvOperatorKey {
  readonly id: number;
  readonly publicKey: string;
}

export interface KeysharesInput {
  /** The validator's 32-byte BLS secret key; a fresh random one when absent. */
  readonly secretKey?: Uint8Array;
  readonly owner: string;
  /** The owner's registration nonce on the SSV network that this entry is for. */
  readonly nonce: number;
  /** 4, 7, 10 or 13 operators, in any order. */
  readonly operators: readonly SsvOperatorKey[];
}

const nobleSigner: BlsSigner = { publicKey: blsPublicKey, sign: blsSign };

/**
 * One keyshares entry, as the SSV keys tool writes it: the validator key split among the operators (Shamir,
 * 2f + 1 of 3f + 1, evaluated at each operator's id), each share encrypted to its operator's RSA key, and the
 * validator key's signature over owner:nonce in front of sharesData. Also returns the validator's secret key
 * (for its deposit data); it is never written anywhere by this function.
 */
export function generateKeysharesEntry(
  input: KeysharesInput,
  signer: BlsSigner = nobleSigner,
): { entry: KeysharesEntry; secretKey: Uint8Array } {
  const operators = [...input.operators].sort((a, b) => a.id - b.id);
  const ids = operators.map((operator) => operator.id);
  const threshold = signingThreshold(operators.length);
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) {
    throw new RangeError(`the owner nonce must be a whole number from 0, not ${input.nonce}`);
  }
  const owner = getAddress(input.owner);
  const secretKey = input.secretKey ?? bls12_381.utils.randomSecretKey();
  const publicKey = bytesToHex(signer.publicKey(secretKey));
  const shares = splitSecretKey(secretKey, ids, threshold);
  const sharePublicKeys = shares.map((share) => signer.publicKey(share));
  const encrypted = shares.map((share, index) => {
    const operator = operators[index] as SsvOperatorKey;
    const ciphertext = encryptShare(readOperatorPublicKey(operator.publicKey, operator.id), share);
    if (ciphertext.length !== ENCRYPTED_SHARE_BYTES) {
      throw new RangeError(
        `operator ${operator.id}: its RSA key must be 2048 bits (${ENCRYPTED_SHARE_BYTES}-byte ciphertexts)`,
      );
    }
    return ciphertext;
  });
  const signature = signer.sign(ownerNonceMessage(owner, input.nonce), secretKey);
  const entry: KeysharesEntry = {
    data: {
      ownerNonce: input.nonce,
      ownerAddress: owner,
      publicKey,
      operators: operators.map((operator) => ({ id: operator.id, operatorKey: operator.publicKey })),
    },
    payload: {
      publicKey,
      operatorIds: ids,
      sharesData: bytesToHex(concatBytes([signature, ...sharePublicKeys, ...encrypted])),
    },
  };
  return { entry, secretKey };
}
