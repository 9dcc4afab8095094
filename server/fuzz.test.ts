import type { FastifyInstance } from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAnvil, startAnvil } from "../tests/support/anvil.ts";
import { freePort } from "../tests/support/free-port.ts";
import { malformedSignatures, random, WEIRD_STRINGS, weirdBody } from "../tests/support/fuzz-inputs.ts";
import { buildServer } from "./app.ts";
import { parseEnv } from "./config/env.ts";
import { openStorage, type Storage } from "./storage/database.ts";

let app: FastifyInstance;
let memoryStorage: Storage;
/** A real chain for sign-in checks that ask whether an address is a contract (chain 31338). */
let anvil: RunningAnvil;
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31_338 });
  memoryStorage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "mainnet,testnet,devnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_TIMEOUT_MS: "2000",
      RATE_LIMIT_PER_MINUTE: "100000",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: `http://127.0.0.1:${await freePort()}`,
      RPC_UPSTREAMS_CONFLUX_ESPACE_DEVNET: anvil.rpcUrl,
    }),
    memoryStorage,
    { logger: false },
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

/** Each case from its own client address, so per-client rate limits do not answer instead of the route. */
let clients = 0;
const nextClient = () => {
  clients++;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

describe("fuzzing every route with malformed input", () => {
  it("never answers 500 and always answers JSON an API client can read", async () => {
    const document = (await app.inject({ method: "GET", url: "/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
    );
    routes.push({ path: "/does/not/exist", method: "POST" }, { path: "/rpc/999999", method: "POST" });
    expect(routes.length).toBeGreaterThan(8);
    const rng = random(20_261_122);
    const failures: string[] = [];
    let cases = 0;
    for (const { path, method } of routes) {
      for (let round = 0; round < 60; round++) {
        const query = new URLSearchParams(
          Array.from({ length: Math.floor(rng.next() * 3) }, () => [
            rng.pick(["network_type", "space", "owner", "x", "network_type"]),
            rng.pick(WEIRD_STRINGS),
          ]),
        ).toString();
        const url = `${path.replace(/\{[^}]+\}/g, () => encodeURIComponent(rng.pick(WEIRD_STRINGS)))}${query ? `?${query}` : ""}`;
        const body = method === "GET" || method === "HEAD" ? undefined : weirdBody(rng);
        const response = await app.inject({
          method: method as "GET",
          url,
          ...(body ? { payload: body.payload, headers: { "content-type": body.contentType } } : {}),
        });
        cases++;
        const problem =
          response.statusCode >= 500 && response.statusCode !== 503
            ? `status ${response.statusCode}`
            : response.statusCode !== 204 &&
                method !== "HEAD" &&
                !/json|html|javascript|css|yaml/.test(String(response.headers["content-type"]))
              ? `content-type ${response.headers["content-type"]}`
              : undefined;
        if (problem) failures.push(`${method} ${url.slice(0, 120)} -> ${problem}: ${response.body.slice(0, 200)}`);
      }
    }
    expect(cases).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });
});

describe("fuzzing sign-in with malformed signatures", () => {
  it("answers 400 or 401 naming the signature for every one, never 5xx, never a session", async () => {
    const account = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
    const rng = random(4_361);
    const failures: string[] = [];
    let cases = 0;
    for (const address of [account.address, "0x000000000000000000000000000000000000dEaD" as const]) {
      const nonce = (await app.inject({ method: "GET", url: "/siwe/nonce", remoteAddress: nextClient() })).json().nonce;
      const message = createSiweMessage({
        address,
        chainId: 31_338,
        domain: "127.0.0.1:5173",
        uri: "http://127.0.0.1:5173",
        nonce,
        version: "1",
      });
      for (const signature of malformedSignatures(rng, await account.signMessage({ message }))) {
        const response = await app.inject({
          method: "POST",
          url: "/siwe/verify",
          payload: { message, signature },
          remoteAddress: nextClient(),
        });
        cases++;
        const body = response.json() as { code?: string; field?: string };
        if (![400, 401].includes(response.statusCode) || body.field !== "signature" || !body.code) {
          failures.push(
            `${signature.slice(0, 140)} (${signature.length} chars) -> ${response.statusCode} ${response.body}`,
          );
        }
      }
    }
    expect(cases).toBeGreaterThan(800);
    expect(failures).toEqual([]);
  }, 120_000);

  it("answers 4xx for signed messages with broken fields, never 5xx nor a session", async () => {
    const account = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
    const template = createSiweMessage({
      address: account.address,
      chainId: 31_338,
      domain: "127.0.0.1:5173",
      uri: "http://127.0.0.1:5173",
      nonce: "NONCEPLACEHOLDER",
      version: "1",
      issuedAt: new Date(),
      expirationTime: new Date(Date.now() + 60_000),
      notBefore: new Date(Date.now() - 60_000),
    });
    const replaceLine = (label: string, value: string) =>
      template.replace(new RegExp(`^${label}: .*$`, "m"), `${label}: ${value}`);
    // Each is broken in one field; a blank optional field reads as absent, so it is not among them.
    const broken = [
      ...["Issued At", "Expiration Time", "Not Before"].flatMap((label) =>
        ["2099-13-45T99:00:00Z", "garbage", "0", "-271821-04-19T00:00:00Z", "+275760-09-13T00:00:00.001Z"].map(
          (value) => replaceLine(label, value),
        ),
      ),
      ...["99999999999999999999", "0", "-1", "1e3", "0x7a6a", ""].map((value) => replaceLine("Chain ID", value)),
      ...["http://", "not a uri", `http://${"a".repeat(3000)}`, "http://[::1"].map((value) =>
        replaceLine("URI", value),
      ),
      ...["2", "", "1.0"].map((value) => replaceLine("Version", value)),
      template.replace(account.address, "0xnot-an-address"),
      template.replace("127.0.0.1:5173 wants", "[::1 wants"),
      template.replace("127.0.0.1:5173 wants", "\u0000 wants"),
      template.split("\n").slice(0, 3).join("\n"),
    ];
    const failures: string[] = [];
    for (const text of broken) {
      const nonce = (await app.inject({ method: "GET", url: "/siwe/nonce", remoteAddress: nextClient() })).json().nonce;
      const message = text.replace("NONCEPLACEHOLDER", nonce);
      const response = await app.inject({
        method: "POST",
        url: "/siwe/verify",
        payload: { message, signature: await account.signMessage({ message }) },
        remoteAddress: nextClient(),
      });
      if (response.statusCode >= 500 || response.statusCode < 400) {
        failures.push(`${JSON.stringify(message.slice(0, 300))} -> ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("fuzzing every JSON body route with deep nesting", () => {
  it("answers 400 (JSON-RPC -32600 on the proxy) for 65 to 100,000 nested arrays or objects, or 413 past the size limit", async () => {
    const document = (await app.inject({ method: "GET", url: "/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([, methods]) => "post" in methods)
      .map(([path]) => path);
    expect(routes).toEqual(expect.arrayContaining(["/rpc/31337", "/siwe/verify", "/deposit-data", "/contact"]));
    const nest = (depth: number, open: string, close: string, inner = "1") =>
      `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
    const bodies = [100_000, 10_000, 65].flatMap((depth) => [
      nest(depth, "[", "]"),
      nest(depth, '{"a":', "}"),
      `{"jsonrpc":"2.0","id":1,"method":"eth_call","params":${nest(depth, "[", "]")}}`,
      `{"jsonrpc":"2.0","id":${nest(depth, "[", "]")},"method":"eth_blockNumber","params":[]}`,
      `{"owner":${nest(depth, '[{"x":', "}]")},"message":"hi"}`,
    ]);
    const failures: string[] = [];
    for (const path of routes) {
      for (const payload of bodies) {
        const response = await app.inject({
          method: "POST",
          url: path,
          payload,
          headers: { "content-type": "application/json" },
          remoteAddress: nextClient(),
        });
        const body = response.json() as { code?: string; error?: { code?: number } };
        const refused = path.startsWith("/rpc/") ? body.error?.code === -32600 : body.code === "json_too_deep";
        // Past a route's body limit (64 KiB outside the proxy) the size is refused first, also a 4xx.
        const tooLarge = response.statusCode === 413 && payload.length > 65_536;
        if (!tooLarge && (response.statusCode !== 400 || !refused)) {
          failures.push(
            `POST ${path} ${payload.slice(0, 60)}… (${payload.length} chars) -> ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      }
      // 64 levels is within the limit: whatever the route answers, it is not a refusal for depth nor a 500.
      const deepest = await app.inject({
        method: "POST",
        url: path,
        payload: nest(63, "[", "]", "[]"),
        headers: { "content-type": "application/json" },
        remoteAddress: nextClient(),
      });
      if (deepest.statusCode >= 500 || deepest.body.includes("json_too_deep")) {
        failures.push(`POST ${path} with 64 levels -> ${deepest.statusCode} ${deepest.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
