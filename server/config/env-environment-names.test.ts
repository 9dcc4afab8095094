import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

const problemsOf = (env: Record<string, string>): string => {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).message;
  }
  throw new Error("parseEnv accepted the environment");
};

// Found by the launch rehearsal: Hoodi's variables end in its environment id (HOODI), not its kind (TESTNET);
// a misnamed variable used to be ignored, leaving the server on config's public nodes without a word.
describe("RPC_UPSTREAMS_* and BEACON_API_URL_* name a network environment", () => {
  it("refuses a suffix that is a kind rather than an environment id, naming the right variable", () => {
    const message = problemsOf({
      RPC_UPSTREAMS_ETHEREUM_TESTNET: "https://hoodi.node.example/key",
      BEACON_API_URL_ETHEREUM_TESTNET: "https://beacon.example",
    });
    expect(message).toContain("RPC_UPSTREAMS_ETHEREUM_TESTNET: names no network environment");
    expect(message).toContain("RPC_UPSTREAMS_ETHEREUM_HOODI");
    expect(message).toContain("BEACON_API_URL_ETHEREUM_TESTNET: names no network environment");
    expect(message).toContain("BEACON_API_URL_ETHEREUM_HOODI");
    // The URL (which may hold an API key) is not repeated.
    expect(message).not.toContain("hoodi.node.example/key");
  });

  it("lists every problem at once, an unknown network among them", () => {
    const message = problemsOf({
      RPC_UPSTREAMS_ETHEREUM_TESTNET: "https://a.example",
      RPC_UPSTREAMS_ETH_MAINNET: "https://b.example",
    });
    expect(message).toContain("RPC_UPSTREAMS_ETHEREUM_TESTNET:");
    expect(message).toContain("RPC_UPSTREAMS_ETH_MAINNET: names no network environment");
  });

  it("accepts the environment ids of networks/*.json, with a sub-network", () => {
    const config = parseEnv({
      RPC_UPSTREAMS_ETHEREUM_HOODI: "https://hoodi.node.example",
      RPC_UPSTREAMS_ETHEREUM_MAINNET: "https://mainnet.node.example",
      RPC_UPSTREAMS_CONFLUX_ESPACE_TESTNET: "https://espace.node.example",
      BEACON_API_URL_ETHEREUM_HOODI: "https://beacon.example",
    });
    expect(config.RPC_UPSTREAMS.get("ETHEREUM_HOODI")).toEqual(["https://hoodi.node.example"]);
    expect(config.RPC_UPSTREAMS.get("CONFLUX_ESPACE_TESTNET")).toEqual(["https://espace.node.example"]);
    expect(config.BEACON_API_URLS.get("ETHEREUM_HOODI")).toBe("https://beacon.example");
  });
});
