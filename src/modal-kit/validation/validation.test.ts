import { describe, expect, it } from "vitest";
import { isCaipAddress, isEvmAddress, isSolanaAddress } from "./addresses.ts";
import { evmChainIdToCoinType, isAccountName, isSignedMessage, isTransactionHash } from "./formats.ts";
import { callValue, solanaSignRequestSchema, walletCallsSchema } from "./request-shapes.ts";

const checksummed = "0x00000000219ab540356cBB839Cbe05303d7705Fa";

describe("EVM address", () => {
  it("accepts a checksummed address, all-lowercase and all-uppercase digits, with or without 0x", () => {
    expect(isEvmAddress(checksummed)).toBe(true);
    expect(isEvmAddress(checksummed.toLowerCase())).toBe(true);
    expect(isEvmAddress(`0x${checksummed.slice(2).toUpperCase()}`)).toBe(true);
    expect(isEvmAddress(checksummed.slice(2))).toBe(true);
  });

  it("rejects a mixed-case address whose checksum fails, and wrong lengths or digits", () => {
    expect(isEvmAddress("0x00000000219aB540356cBB839Cbe05303d7705Fa")).toBe(false);
    expect(isEvmAddress(checksummed.slice(0, -1))).toBe(false);
    expect(isEvmAddress(`${checksummed.slice(0, -1)}g`)).toBe(false);
  });
});

describe("Solana and CAIP-10 addresses", () => {
  it("accepts 32 to 44 base-58 characters only", () => {
    expect(isSolanaAddress("11111111111111111111111111111111")).toBe(true);
    expect(isSolanaAddress("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA")).toBe(true);
    expect(isSolanaAddress("1111111111111111111111111111111")).toBe(false);
    expect(isSolanaAddress("0OIl1111111111111111111111111111")).toBe(false);
  });

  it("needs three non-empty parts and a known namespace", () => {
    expect(isCaipAddress(`eip155:1:${checksummed}`)).toBe(true);
    expect(isCaipAddress("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:11111111111111111111111111111111")).toBe(true);
    expect(isCaipAddress(`eip155::${checksummed}`)).toBe(false);
    expect(isCaipAddress(`tron:1:${checksummed}`)).toBe(false);
    expect(isCaipAddress(`eip155:1`)).toBe(false);
  });
});

describe("hashes, signatures and names", () => {
  it("checks transaction hashes and signed messages by length", () => {
    expect(isTransactionHash(`0x${"ab".repeat(32)}`)).toBe(true);
    expect(isTransactionHash(`0x${"ab".repeat(31)}`)).toBe(false);
    expect(isSignedMessage(`0x${"a".repeat(62)}`)).toBe(true);
    expect(isSignedMessage(`0x${"a".repeat(61)}`)).toBe(false);
  });

  it("accepts account names of 4 or more letters, digits and hyphens", () => {
    expect(isAccountName("my-stake-1")).toBe(true);
    expect(isAccountName("abc")).toBe(false);
    expect(isAccountName("name.eth")).toBe(false);
  });

  it("converts a chain id to its coin type and refuses ids from 2^31", () => {
    expect(evmChainIdToCoinType(10)).toBe(2147483658);
    expect(evmChainIdToCoinType(2 ** 31 - 1)).toBe(2 ** 32 - 1);
    expect(() => evmChainIdToCoinType(2 ** 31)).toThrow("Invalid chainId");
  });
});

describe("request shapes", () => {
  it("accepts wallet calls whose destination and data start with 0x", () => {
    expect(walletCallsSchema.safeParse([{ to: checksummed, data: "0x", value: "0x10" }]).success).toBe(true);
    expect(walletCallsSchema.safeParse([{ to: checksummed.slice(2) }]).success).toBe(false);
    expect(walletCallsSchema.safeParse([{ to: checksummed, data: "abcd" }]).success).toBe(false);
  });

  it("counts a non-numeric call value as zero", () => {
    expect(callValue({ to: checksummed, value: "0x10" })).toBe(16n);
    expect(callValue({ to: checksummed, value: "1000" })).toBe(1000n);
    expect(callValue({ to: checksummed, value: "lots" })).toBe(0n);
    expect(callValue({ to: checksummed })).toBe(0n);
  });

  it("accepts Solana sign requests with message and pubkey or transactions as strings", () => {
    expect(
      solanaSignRequestSchema.safeParse({ message: "aGk=", pubkey: "11111111111111111111111111111111" }).success,
    ).toBe(true);
    expect(
      solanaSignRequestSchema.safeParse({ transaction: "AQID", options: { preflightCommitment: "finalized" } }).success,
    ).toBe(true);
    expect(solanaSignRequestSchema.safeParse({ transactions: ["AQID", "BAUG"] }).success).toBe(true);
    expect(solanaSignRequestSchema.safeParse({ message: "aGk=" }).success).toBe(false);
    expect(
      solanaSignRequestSchema.safeParse({ transaction: "AQID", options: { preflightCommitment: "fast" } }).success,
    ).toBe(false);
  });
});
