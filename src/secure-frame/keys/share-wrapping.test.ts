import { describe, expect, it } from "vitest";
import { createWrappingKey, unwrapShare, wrapShare } from "./share-wrapping.ts";

const SHARE = `1-${"ab".repeat(32)}`;
const ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

describe("device share wrapping", () => {
  it("uses a key whose bytes cannot be exported", async () => {
    const key = await createWrappingKey();
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("raw", key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey("jwk", key)).rejects.toThrow();
  });

  it("gives the share back under the same key and address, and nothing under another key or address", async () => {
    const key = await createWrappingKey();
    const wrapped = await wrapShare(key, SHARE, ADDRESS);
    expect(new TextDecoder().decode(wrapped.ciphertext)).not.toContain("abab");
    expect(await unwrapShare(key, wrapped, ADDRESS.toLowerCase())).toBe(SHARE);
    await expect(unwrapShare(await createWrappingKey(), wrapped, ADDRESS)).rejects.toThrow();
    await expect(unwrapShare(key, wrapped, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")).rejects.toThrow();
  });
});
