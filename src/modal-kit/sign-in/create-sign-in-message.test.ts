import { generateSiweNonce, parseSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { createSignInMessage } from "./create-sign-in-message.ts";
import { createSessionStore } from "./session-store.ts";

const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

describe("createSignInMessage", () => {
  it("writes an EIP-4361 message for this site, address, network and nonce", () => {
    const nonce = generateSiweNonce();
    const now = new Date("2026-11-22T04:00:00.000Z");
    const message = createSignInMessage({
      address,
      chainId: 31337,
      nonce,
      statement: "Sign in to Meridian",
      location: { host: "stake.example", origin: "https://stake.example" },
      now,
    });
    expect(message.startsWith("stake.example wants you to sign in with your Ethereum account:\n")).toBe(true);
    expect(parseSiweMessage(message)).toMatchObject({
      address,
      chainId: 31337,
      domain: "stake.example",
      uri: "https://stake.example",
      nonce,
      version: "1",
      statement: "Sign in to Meridian",
      issuedAt: now,
    });
  });
});

describe("session store", () => {
  it("knows a session per address (any case) and network, and the network of the last one", () => {
    const sessions = createSessionStore();
    expect(sessions.has(address, 31337)).toBe(false);
    sessions.add({ address, chainId: 31337 });
    expect(sessions.has(address.toLowerCase(), 31337)).toBe(true);
    expect(sessions.has(address, 1)).toBe(false);
    expect(sessions.lastChainId()).toBe(31337);
  });
});
