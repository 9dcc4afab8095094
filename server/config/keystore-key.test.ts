import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";

const DEPOSIT_SEED = "0x772d9c4ec33fa1fdfcf85505e977c8022b21386f58b5cb5f56481c654607e18f";

/** The start-up error for a KEYSTORE_KEY, or undefined when the server starts. */
function startWith(KEYSTORE_KEY: string): string | undefined {
  try {
    parseEnv({ DEPOSIT_SEED, KEYSTORE_KEY });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("KEYSTORE_KEY", () => {
  it("accepts hex or base64 of 32 random bytes", () => {
    expect(startWith("e7c1080f3358bc64de0ed1379d16c1afc951e154646bb6a3313ab24df0e6ace2")).toBeUndefined();
    expect(startWith("0xe7c1080f3358bc64de0ed1379d16c1afc951e154646bb6a3313ab24df0e6ace2")).toBeUndefined();
    expect(startWith("cG8gtLFHhg2kNmS9jTVo6PiZ8bqpCPl/Nj0T9hUU00Q=")).toBeUndefined();
  });

  it("refuses values that are not 32 random bytes, saying what is wrong without showing the value", () => {
    const refusals: Array<[string, string]> = [
      ["aa".repeat(32), "the value is one byte repeated, not random bytes"],
      ["0123456789abcdef".repeat(4), "the value has only 8 distinct byte values in 32 bytes, not random bytes"],
      [
        Buffer.from("Correct Horse Battery Staple 2024, twice!").toString("base64"),
        "the value decodes to printable text, such as a password, not random bytes",
      ],
      [
        Buffer.from(Array.from({ length: 32 }, (_, n) => n)).toString("hex"),
        "the value is a counting sequence, not random bytes",
      ],
      ["e7c1080f3358bc64de0ed1379d16c1af", "the value decodes to only 16 bytes"],
      ["my keystore password!", "the value is neither hex nor base64"],
    ];
    for (const [value, problem] of refusals) {
      const message = startWith(value);
      expect(message, value).toContain(
        `  KEYSTORE_KEY: expected hex (64 or more digits) or base64 of at least 32 random bytes, e.g. the output of "openssl rand -hex 32"; ${problem} (not shown: it is secret)`,
      );
      expect(message, value).not.toContain(value);
      expect(message, value).not.toContain(value.slice(0, 12));
    }
  });
});
