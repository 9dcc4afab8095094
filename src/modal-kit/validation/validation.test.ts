import { describe, expect, it } from "vitest";
import { isCaipAddress, isEvmAddress } from "./addresses.ts";
import {
  accountNameProblem,
  evmChainIdToCoinType,
  isAccountName,
  isEmail,
  isSignedMessage,
  isTransactionHash,
} from "./formats.ts";

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

describe("CAIP-10 addresses", () => {
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
    expect(isAccountName("a".repeat(63))).toBe(true);
    expect(isAccountName("a".repeat(64))).toBe(false);
    expect(accountNameProblem("a".repeat(64))).toBe("tooLong");
    expect(accountNameProblem("abc")).toBe("tooShort");
    expect(accountNameProblem("name.eth")).toBe("characters");
    expect(accountNameProblem("my-stake-1")).toBeUndefined();
  });

  it("converts a chain id to its coin type and refuses ids from 2^31", () => {
    expect(evmChainIdToCoinType(10)).toBe(2147483658);
    expect(evmChainIdToCoinType(2 ** 31 - 1)).toBe(2 ** 32 - 1);
    expect(() => evmChainIdToCoinType(2 ** 31)).toThrow("Invalid chainId");
  });
});

describe("e-mail addresses", () => {
  it("accepts name@domain.tld and refuses addresses without @, domain dot or with spaces", () => {
    expect(isEmail("ana@example.com")).toBe(true);
    expect(isEmail("ana.b+stake@mail.example.co")).toBe(true);
    expect(isEmail("ana@example")).toBe(false);
    expect(isEmail("ana.example.com")).toBe(false);
    expect(isEmail("ana @example.com")).toBe(false);
    expect(isEmail("@example.com")).toBe(false);
  });
});
