import { getAddress, keccak256, stringToBytes } from "viem";

/**
 * The 32 bytes a keyshares entry's validator key signs (BLS, Ethereum's ciphersuite): keccak256 of the text
 * `${owner}:${nonce}` with the owner address checksummed (EIP-55), as the SSV keys tool and the SSV nodes
 * compute it. It ties the shares to one owner and one registration, so nobody can register them for another.
 */
export function ownerNonceMessage(owner: string, nonce: number): Uint8Array {
  return keccak256(stringToBytes(`${getAddress(owner)}:${nonce}`), "bytes");
}
