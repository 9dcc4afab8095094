import { describe, expect, it } from "vitest";
import { app, networksInHomeOrder } from "../../src/generated/index.ts";
import { parseEnv } from "../config/env.ts";
import { appSecurityHeaders } from "./app-security-headers.ts";
import { type ContentSecurityPolicyInput, contentSecurityPolicy } from "./content-security-policy.ts";

const PROJECT_ID = "0123456789abcdef0123456789abcdef";

const base: ContentSecurityPolicyInput = {
  registry: networksInHomeOrder,
  kinds: ["mainnet", "testnet"],
  apiBaseUrls: app.apiBaseUrl,
  publicBaseUrl: "https://api.meridian.example",
};

/** The policy as directive name → sources. */
function directives(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources.join(" ")];
    }),
  );
}

describe("the web app's Content-Security-Policy", () => {
  it("allows scripts and styles only from the app's origin, WebAssembly for the deposit verifier, and no framing at all", () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy["default-src"]).toBe("'self'");
    expect(policy["script-src"]).toBe("'self' 'wasm-unsafe-eval'");
    expect(policy["style-src"]).toBe("'self'");
    expect(policy["worker-src"]).toBe("'self' blob:");
    expect(policy["frame-ancestors"]).toBe("'none'");
    expect(policy["object-src"]).toBe("'none'");
    expect(policy["base-uri"]).toBe("'self'");
    expect(contentSecurityPolicy(base)).not.toContain("'unsafe-eval'");
  });

  it("connects only to the API, this server and the served environments' public RPC endpoints", () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy["connect-src"]).toBe(
      [
        "'self'",
        "https://api.meridian.example",
        "https://api-testnet.meridian.example",
        "https://ethereum.reth.rs",
        "https://rpc.hoodi.ethpandaops.io",
        "https://evm.confluxrpc.com",
        "https://evmtestnet.confluxrpc.com",
      ].join(" "),
    );
    expect(policy["img-src"]).toBe(
      "'self' data: blob: https://api.meridian.example https://api-testnet.meridian.example",
    );
  });

  it("reaches the devnet's loopback chains only when devnet is served", () => {
    const devnet = directives(
      contentSecurityPolicy({ ...base, kinds: ["devnet"], publicBaseUrl: "http://127.0.0.1:8787" }),
    );
    expect(devnet["connect-src"]).toBe("'self' http://127.0.0.1:8787 http://127.0.0.1:8545 http://127.0.0.1:8546");
    expect(directives(contentSecurityPolicy(base))["connect-src"]).not.toContain("127.0.0.1");
  });

  it("names this server's own address when browsers reach it elsewhere than the API base", () => {
    const policy = directives(
      contentSecurityPolicy({ ...base, kinds: ["mainnet"], publicBaseUrl: "https://stake.example.org/" }),
    );
    expect(policy["connect-src"]).toBe(
      "'self' https://api.meridian.example https://stake.example.org https://ethereum.reth.rs https://evm.confluxrpc.com",
    );
  });

  it("allows WalletConnect's relay, verify, pulse and API hosts only when a project id is configured", () => {
    const without = contentSecurityPolicy(base);
    expect(without).not.toMatch(/walletconnect|web3modal/);
    expect(directives(without)["frame-src"]).toBe("'none'");

    const withProject = directives(contentSecurityPolicy({ ...base, walletProjectId: PROJECT_ID }));
    for (const host of [
      "wss://relay.walletconnect.org",
      "wss://relay.walletconnect.com",
      "https://*.walletconnect.org",
      "https://*.walletconnect.com",
      "https://api.web3modal.org",
    ])
      expect(withProject["connect-src"]?.split(" ")).toContain(host);
    expect(withProject["frame-src"]).toBe("https://verify.walletconnect.org https://verify.walletconnect.com");
  });
});

describe("the web app's security headers", () => {
  it("send nosniff, a strict referrer policy, COOP that keeps wallet popups working, and deny framing", () => {
    const headers = appSecurityHeaders(parseEnv({ SERVE_KINDS: "devnet" }), undefined);
    expect(headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin-allow-popups",
    });
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["permissions-policy"]).toContain("microphone=()");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("add HSTS only when the server is reached over https", () => {
    expect(appSecurityHeaders(parseEnv({ SERVE_KINDS: "devnet" }), undefined)).not.toHaveProperty(
      "strict-transport-security",
    );
    const https = parseEnv({ SERVE_KINDS: "mainnet", PUBLIC_BASE_URL: "https://stake.example.org" });
    expect(appSecurityHeaders(https, undefined)["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});
