import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";
import { isSecretVariable } from "./secret-values.ts";

describe("server environment", () => {
  it("starts with defaults when nothing is set: loopback, port 8787, mainnet and testnet (devnet only when named)", () => {
    const config = parseEnv({});
    expect(config).toMatchObject({ HOST: "127.0.0.1", PORT: 8787, SERVE_KINDS: ["mainnet", "testnet"] });
    expect(config.PUBLIC_BASE_URL).toBe("http://127.0.0.1:8787");
  });

  it("lists every bad variable at once, with what it got and what is expected", () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: "eighty",
        SERVE_KINDS: "mainnet,prod",
        RPC_TIMEOUT_MS: "-1",
        RPC_UPSTREAMS_ETHEREUM_MAINNET: "ftp://node",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const lines = (error as Error).message.split("\n");
    expect(lines[0]).toBe("The server cannot start; fix these environment variables:");
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^ {2}PORT: expected .*port.* \(got "eighty"\)$/),
      expect.stringMatching(
        /^ {2}SERVE_KINDS: expected a comma-separated list of mainnet, testnet, devnet \(got "mainnet,prod"\)$/,
      ),
      expect.stringMatching(/^ {2}RPC_TIMEOUT_MS: expected a positive number of milliseconds \(got "-1"\)$/),
      "  RPC_UPSTREAMS_ETHEREUM_MAINNET: expected comma-separated http(s) URLs (got a ftp:// URL; the value is secret and not shown)",
    ]);
  });

  it("limits wallet-kit analytics to 600 events a minute per origin unless ANALYTICS_EVENTS_PER_MINUTE says otherwise", () => {
    expect(parseEnv({}).ANALYTICS_EVENTS_PER_MINUTE).toBe(600);
    expect(parseEnv({ ANALYTICS_EVENTS_PER_MINUTE: "50" }).ANALYTICS_EVENTS_PER_MINUTE).toBe(50);
    expect(() => parseEnv({ ANALYTICS_EVENTS_PER_MINUTE: "0" })).toThrow(
      'ANALYTICS_EVENTS_PER_MINUTE: expected a positive number of events (got "0")',
    );
  });

  it("reads operator keys from DISTRIBUTOR_KEY_* and DISTRIBUTOR_MODE, reporting a bad key without showing it", () => {
    const key = `0x${"4b".repeat(32)}`;
    const config = parseEnv({ DISTRIBUTOR_KEY_ETHEREUM_HOODI: key, DISTRIBUTOR_MODE: "safe" });
    expect(config.DISTRIBUTOR_KEYS.get("ETHEREUM_HOODI")).toBe(key);
    expect(config.DISTRIBUTOR_MODE).toBe("safe");
    expect(config.SECRET_VALUES).toContain(key);
    expect(parseEnv({}).DISTRIBUTOR_MODE).toBe("send");
    const message = messageOf(() =>
      parseEnv({
        DISTRIBUTOR_KEY_ETHEREUM_HOODI: "0x1234secretish",
        DISTRIBUTOR_KEY_ETHEREUM_SEPOLIA: key,
        DISTRIBUTOR_MODE: "multisig",
      }),
    );
    expect(message).toContain(
      "DISTRIBUTOR_KEY_ETHEREUM_HOODI: expected a private key, 0x and 64 hexadecimal digits (value not shown: it is secret)",
    );
    expect(message).toContain("DISTRIBUTOR_KEY_ETHEREUM_SEPOLIA: names no network environment");
    expect(message).toContain('DISTRIBUTOR_MODE: expected "send" or "safe"');
    expect(parseEnv({}).ALERT_MISSED_DUTIES).toBe(3);
    expect(messageOf(() => parseEnv({ ALERT_MISSED_DUTIES: "0" }))).toContain(
      'ALERT_MISSED_DUTIES: expected a positive number of epochs (got "0")',
    );
    expect(message).not.toContain("1234secretish");
    expect(message).not.toContain("4b4b");
  });

  it("refuses short operator tokens and a zero cool-down, never echoing the tokens", () => {
    let message = "";
    try {
      parseEnv({ OPS_TOKEN: "short", METRICS_TOKEN: "tiny-metrics", RPC_UPSTREAM_COOL_DOWN_MS: "0" });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    expect(message).toContain("OPS_TOKEN: expected a token of at least 16 characters");
    expect(message).toContain("METRICS_TOKEN: expected a token of at least 16 characters");
    expect(message).toContain("RPC_UPSTREAM_COOL_DOWN_MS: expected a positive number of milliseconds");
    for (const secret of ["short", "tiny-metrics"]) expect(message).not.toContain(secret);
  });

  it("puts secret upstreams from RPC_UPSTREAMS_* variables ahead of config's, keyed by network and environment", () => {
    const config = parseEnv({ RPC_UPSTREAMS_ETHEREUM_MAINNET: "https://a.example/key1, https://b.example/key2" });
    expect(config.RPC_UPSTREAMS.get("ETHEREUM_MAINNET")).toEqual(["https://a.example/key1", "https://b.example/key2"]);
  });

  it("never prints a secret's value: it names the variable and says what is wrong with the value's form", () => {
    const secrets = {
      DATABASE_URL: "mysql://admin:hunter2@db.internal:3306/stake",
      DEPOSIT_SEED: `0x${"ab".repeat(30)}`,
      KEYSTORE_KEY: "short-hunter2-key",
      RPC_UPSTREAMS_ETHEREUM_MAINNET:
        "https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef, ftp://user:pw9@node.example/key123",
      BEACON_API_URL_ETHEREUM_MAINNET: "beacon.example/apikey-7f3a9c",
      PUBLIC_BASE_URL: "https://ops:hunter2@api.example.org:99999",
    };
    const message = messageOf(() => parseEnv(secrets));
    const hidden = "; the value is secret and not shown)";
    expect(message.split("\n").slice(1)).toEqual([
      `  PUBLIC_BASE_URL: expected an absolute http(s) URL such as https://api.example.org (got a https:// URL with a user name or password${hidden}`,
      expect.stringMatching(
        /^ {2}DATABASE_URL: expected a postgres:\/\/ URL \(got a mysql:\/\/ URL with a user name or password; /,
      ),
      expect.stringMatching(
        /^ {2}DEPOSIT_SEED: .*\(got 0x and 60 hexadecimal digits; the value is secret and not shown\)$/,
      ),
      `  RPC_UPSTREAMS_ETHEREUM_MAINNET: expected comma-separated http(s) URLs: item 2 of 2 (got a ftp:// URL with a user name or password${hidden}`,
      `  BEACON_API_URL_ETHEREUM_MAINNET: expected an http(s) URL (got 28 characters${hidden}`,
      '  KEYSTORE_KEY: expected hex (64 or more digits) or base64 of at least 32 random bytes, e.g. the output of "openssl rand -hex 32"; the value is neither hex nor base64 (not shown: it is secret)',
    ]);
    for (const fragment of ["hunter2", "admin", "0123456789abcdef", "abababab", "pw9", "key123", "apikey", "7f3a9c"]) {
      expect(message).not.toContain(fragment);
    }
  });

  // 32 random bytes as hex, the form KEYSTORE_KEY takes.
  const KEYSTORE_KEY_HEX = "3f9c1e7a5b2d8064c1f3a9e7d5b2c8406e1f3a7c9b5d2e8041a3c7e9f5b1d2c6";

  it("describes a seed without 0x, or with characters that are not hexadecimal, without showing it", () => {
    const withoutPrefix = "cd".repeat(32);
    expect(messageOf(() => parseEnv({ DEPOSIT_SEED: withoutPrefix, KEYSTORE_KEY: KEYSTORE_KEY_HEX }))).toMatch(
      /DEPOSIT_SEED: .*\(got 64 characters, all hexadecimal but without 0x; the value is secret and not shown\)$/,
    );
    const notHex = `0x${"zq".repeat(32)}`;
    const message = messageOf(() => parseEnv({ DEPOSIT_SEED: notHex, KEYSTORE_KEY: KEYSTORE_KEY_HEX }));
    expect(message).toMatch(/\(got 0x and 64 characters, not all hexadecimal; the value is secret and not shown\)$/);
    expect(message).not.toContain("zqzq");
  });

  it("names each instance for the indexer lease: random by default, else INSTANCE_ID; the lease at least 1 s", () => {
    const first = parseEnv({});
    const second = parseEnv({});
    expect(first.INSTANCE_ID).toMatch(/^[A-Za-z0-9._:-]+-[0-9a-f]{8}$/);
    expect(first.INSTANCE_ID).not.toBe(second.INSTANCE_ID);
    expect(first).toMatchObject({ INDEXER_LEASE_MS: 10_000, INDEXER_CHUNK_BLOCKS: 2_000 });
    expect(parseEnv({ INSTANCE_ID: "api-1", INDEXER_LEASE_MS: "5000" })).toMatchObject({
      INSTANCE_ID: "api-1",
      INDEXER_LEASE_MS: 5_000,
    });
    expect(
      messageOf(() => parseEnv({ INSTANCE_ID: "api 1", INDEXER_LEASE_MS: "500", INDEXER_CHUNK_BLOCKS: "0" }))
        .split("\n")
        .slice(1),
    ).toEqual([
      '  INDEXER_CHUNK_BLOCKS: expected a positive number of blocks (got "0")',
      '  INSTANCE_ID: expected 1 to 128 letters, digits, dots, colons, dashes or underscores (got "api 1")',
      '  INDEXER_LEASE_MS: expected a number of milliseconds of at least 1000 (got "500")',
    ]);
  });

  it("treats as secret, by name or by value, variables it does not know yet", () => {
    for (const name of ["SMTP_PASSWORD", "OPS_TOKEN", "JWT_SECRET", "DEPOSIT_SEED_MAINNET", "KEYMANAGER_URL_HOODI"]) {
      expect(isSecretVariable(name, "x"), name).toBe(true);
    }
    expect(isSecretVariable("WEBHOOK_URL", "https://user:pass@hooks.example")).toBe(true);
    expect(isSecretVariable("WEBHOOK_URL", "https://hooks.example/services/T000/B000/XXXX")).toBe(true);
    expect(isSecretVariable("WEBHOOK_URL", "https://hooks.example?key=abc")).toBe(true);
    expect(isSecretVariable("PUBLIC_BASE_URL", "https://api.example.org")).toBe(false);
    expect(isSecretVariable("PORT", "eighty")).toBe(false);
  });
});

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("expected parseEnv to throw");
}
