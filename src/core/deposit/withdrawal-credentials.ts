import { bytesToHex, getAddress, type Hex, hexToBytes } from "viem";

/** 0x01: execution-address credentials (one validator per 32 ETH); 0x02: compounding (EIP-7251, up to 2048 ETH). */
export type CredentialType = "0x01" | "0x02";

/** 32 bytes: the type byte, 11 zero bytes, then the 20-byte withdrawal address. */
export function withdrawalCredentials(type: CredentialType, address: string): Uint8Array {
  const checked = getAddress(address);
  const credentials = new Uint8Array(32);
  credentials[0] = type === "0x01" ? 0x01 : 0x02;
  credentials.set(hexToBytes(checked), 12);
  return credentials;
}

/** The type and withdrawal address in 32-byte credentials, or undefined for credentials that do not name an address. */
export function readWithdrawalCredentials(credentials: Uint8Array): { type: CredentialType; address: Hex } | undefined {
  if (credentials.length !== 32 || credentials.subarray(1, 12).some((byte) => byte !== 0)) return undefined;
  if (credentials[0] !== 0x01 && credentials[0] !== 0x02) return undefined;
  return { type: credentials[0] === 0x01 ? "0x01" : "0x02", address: getAddress(bytesToHex(credentials.subarray(12))) };
}
