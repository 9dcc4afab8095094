import { create, decrypt } from "@chainsafe/bls-keystore";
import { describe, expect, it } from "vitest";
import { decryptKeystore } from "./decrypt-keystore.ts";

const secret = Uint8Array.from(Buffer.from("000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f", "hex"));
const pubkey = new Uint8Array(48).fill(7);
// EIP-2335's test password: NFKD-normalised, its control codes removed, before the key is derived.
const password =
  "\ud835\udd31\ud835\udd22\ud835\udd30\ud835\udd31\ud835\udd2d\ud835\udd1e\ud835\udd30\ud835\udd30\ud835\udd34\ud835\udd2c\ud835\udd2f\ud835\udd21\ud83d\udd11";

describe("the devnet validator client's keystore reader", () => {
  it("decrypts EIP-2335 keystores written by another implementation, scrypt and PBKDF2, and refuses a wrong password", async () => {
    const scrypt = await create(password, secret, pubkey, "m/12381/3600/0/0/0", "", {
      function: "scrypt",
      params: {
        dklen: 32,
        n: 16_384,
        r: 8,
        p: 1,
        salt: "d4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3",
      },
    });
    const pbkdf2 = await create(password, secret, pubkey, "m/12381/3600/0/0/0", "", {
      function: "pbkdf2",
      params: {
        dklen: 32,
        c: 262_144,
        prf: "hmac-sha256",
        salt: "d4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3",
      },
    });
    for (const keystore of [scrypt, pbkdf2]) {
      expect(Buffer.from(await decryptKeystore(keystore, password)).toString("hex")).toBe(
        Buffer.from(await decrypt(keystore, password)).toString("hex"),
      );
      expect(Buffer.from(await decryptKeystore(keystore, password)).toString("hex")).toBe(
        "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f",
      );
      // Control codes in the password are removed before the key is derived (EIP-2335's password processing).
      expect(Buffer.from(await decryptKeystore(keystore, `${password}\u0007`)).toString("hex")).toBe(
        "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f",
      );
      await expect(decryptKeystore(keystore, "wrong")).rejects.toThrow(/checksum mismatch/);
    }
  });

  it("keeps the event loop turning while it derives a key at EIP-2335's own scrypt cost (2^18)", async () => {
    const keystore = await create("devnet", secret, pubkey, "m/12381/3600/0/0/0", "", {
      function: "scrypt",
      params: {
        dklen: 32,
        n: 262_144,
        r: 8,
        p: 1,
        salt: "d4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3",
      },
    });
    let turns = 0;
    const ticking = setInterval(() => turns++, 1);
    try {
      await decryptKeystore(keystore, "devnet");
    } finally {
      clearInterval(ticking);
    }
    // A synchronous scrypt (the library's Node path) lets no timer run until it returns.
    expect(turns).toBeGreaterThan(1);
  }, 60_000);
});
