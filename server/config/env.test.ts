import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

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
      '  RPC_UPSTREAMS_ETHEREUM_MAINNET: expected comma-separated http(s) URLs (got "ftp://node")',
    ]);
  });

  it("puts secret upstreams from RPC_UPSTREAMS_* variables ahead of config's, keyed by network and environment", () => {
    const config = parseEnv({ RPC_UPSTREAMS_ETHEREUM_MAINNET: "https://a.example/key1, https://b.example/key2" });
    expect(config.RPC_UPSTREAMS.get("ETHEREUM_MAINNET")).toEqual(["https://a.example/key1", "https://b.example/key2"]);
  });
});
