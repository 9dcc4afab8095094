import { createHash, randomBytes } from "node:crypto";
import { bytesToHex, type Hex, hexToBytes } from "viem";

const sha256 = (...parts: Uint8Array[]): Uint8Array => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
};

/** SSZ merkleization of 32-byte chunks, padded with zero chunks to a power of two (consensus specs). */
function merkleize(chunks: Uint8Array[]): Uint8Array {
  let layer = [...chunks];
  let width = 1;
  while (width < layer.length) width *= 2;
  while (layer.length < width) layer.push(new Uint8Array(32));
  while (layer.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < layer.length; i += 2) next.push(sha256(layer[i] as Uint8Array, layer[i + 1] as Uint8Array));
    layer = next;
  }
  return layer[0] as Uint8Array;
}

/** Splits fixed-size bytes into zero-padded 32-byte chunks. */
function chunksOf(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += 32) {
    const chunk = new Uint8Array(32);
    chunk.set(bytes.subarray(i, i + 32));
    chunks.push(chunk);
  }
  return chunks;
}

/** uint64 as 8 little-endian bytes. */
export function littleEndian64(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
}

export interface DepositData {
  readonly pubkey: Hex;
  readonly withdrawalCredentials: Hex;
  readonly signature: Hex;
  readonly amountGwei: bigint;
  readonly depositDataRoot: Hex;
}

/** hash_tree_root(DepositData) by the consensus specs' SSZ rules, independent of the contract's code. */
export function depositDataRoot(pubkey: Hex, withdrawalCredentials: Hex, amountGwei: bigint, signature: Hex): Hex {
  const amountChunk = new Uint8Array(32);
  amountChunk.set(littleEndian64(amountGwei));
  const fields = [
    merkleize(chunksOf(hexToBytes(pubkey))),
    hexToBytes(withdrawalCredentials),
    amountChunk,
    merkleize(chunksOf(hexToBytes(signature))),
  ];
  return bytesToHex(merkleize(fields));
}

/** Deposit data with random key and signature bytes (the deposit contract does not verify BLS signatures). */
export function makeDepositData(withdrawalCredentials: Hex, amountGwei = 32_000_000_000n): DepositData {
  const pubkey = bytesToHex(randomBytes(48));
  const signature = bytesToHex(randomBytes(96));
  return {
    pubkey,
    withdrawalCredentials,
    signature,
    amountGwei,
    depositDataRoot: depositDataRoot(pubkey, withdrawalCredentials, amountGwei, signature),
  };
}

/** get_deposit_root computed from all leaves at once: a depth-32 tree, then mixed with the count. */
export function depositRoot(leaves: readonly Hex[]): Hex {
  let layer: Uint8Array[] = leaves.map((leaf) => hexToBytes(leaf));
  let zero: Uint8Array = new Uint8Array(32);
  for (let depth = 0; depth < 32; depth++) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < layer.length; i += 2) next.push(sha256(layer[i] as Uint8Array, layer[i + 1] ?? zero));
    layer = next;
    zero = sha256(zero, zero);
  }
  const root = layer[0] ?? zero;
  const countChunk = new Uint8Array(32);
  countChunk.set(littleEndian64(BigInt(leaves.length)));
  return bytesToHex(sha256(root, countChunk));
}

/** 0x01 or 0x02 withdrawal credentials for an execution-layer address: prefix, 11 zero bytes, address. */
export function executionCredentials(prefix: "0x01" | "0x02", address: Hex): Hex {
  return `${prefix}${"00".repeat(11)}${address.slice(2).toLowerCase()}`;
}
