import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { availableParallelism, hostname } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { networksInHomeOrder } from "../../src/generated/index.ts";
import { parseDistributorKeys } from "../distributor/distributor-keys.ts";
import { embeddedWalletEnv, embeddedWalletProblems } from "./embedded-wallet-env.ts";
import { commaList, portNumber } from "./env-fields.ts";
import { environmentVariableSuffixes, unknownEnvironmentProblem } from "./environment-names.ts";
import { type KeymanagerClientConfig, keymanagerClientUrls, parseKeymanagerClients } from "./keymanager-clients.ts";
import { keystoreKeyProblem } from "./keystore-key.ts";
import { describeValue, isSecretVariable } from "./secret-values.ts";
import { trustProxySchema } from "./trust-proxy.ts";

/** Server settings, from environment variables, parsed once at start-up. */
const kinds = ["mainnet", "testnet", "devnet"] as const;

const port = (fallback: number) => portNumber().default(fallback);

const positiveInt = (fallback: number, what: string) =>
  z.coerce
    .number({ error: `expected ${what}` })
    .int(`expected ${what}`)
    .positive(`expected ${what}`)
    .default(fallback);

const list = commaList();

const envSchema = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: port(8787),
  /** The address browsers reach this server at; RPC endpoints handed to the app point at its proxy here. */
  PUBLIC_BASE_URL: z.url({ error: "expected an absolute http(s) URL such as https://api.example.org" }).optional(),
  /** Which environment kinds this instance serves (its RPC endpoints, proxy and deposit data); devnet only when named. */
  SERVE_KINDS: list.pipe(
    z
      .array(z.enum(kinds, { error: `expected a comma-separated list of ${kinds.join(", ")}` }))
      .min(1, `expected at least one of ${kinds.join(", ")}`),
  ),
  /** Origins allowed by CORS, comma-separated. */
  CORS_ORIGINS: list,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RPC_TIMEOUT_MS: positiveInt(10_000, "a positive number of milliseconds"),
  RPC_BATCH_LIMIT: positiveInt(100, "a positive number of requests"),
  RPC_BODY_LIMIT_BYTES: positiveInt(1_048_576, "a positive number of bytes"),
  RATE_LIMIT_PER_MINUTE: positiveInt(600, "a positive number of requests"),
  RPC_CACHE_ENTRIES: positiveInt(10_000, "a positive number of entries"),
  /** Analytics events (blockchain-api/e) accepted per minute from one page origin. */
  ANALYTICS_EVENTS_PER_MINUTE: positiveInt(600, "a positive number of events"),
  /** Analytics events accepted per minute from one client address (request.ip, as TRUST_PROXY decides). */
  ANALYTICS_CLIENT_EVENTS_PER_MINUTE: positiveInt(60, "a positive number of events"),
  /** Days an analytics event is kept after it was received; older ones are deleted. */
  ANALYTICS_RETENTION_DAYS: positiveInt(30, "a positive number of days"),
  /** Analytics events stored at most, all origins together; beyond, new events are refused (507). */
  ANALYTICS_MAX_EVENTS: positiveInt(1_000_000, "a positive number of events"),
  /** Account-name registrations (blockchain-api/v1/profile/account) one client address may attempt an hour. */
  NAME_REGISTRATIONS_PER_HOUR_PER_CLIENT: positiveInt(10, "a positive number of registrations"),
  /** Account-name registrations one address may sign an hour. */
  NAME_REGISTRATIONS_PER_HOUR_PER_ADDRESS: positiveInt(3, "a positive number of registrations"),
  /** The widest eth_getLogs block range the proxy forwards. */
  RPC_LOGS_MAX_BLOCK_RANGE: positiveInt(10_000, "a positive number of blocks"),
  /** Upstream answers larger than this are cut off while streaming and answered with a limit error. */
  RPC_RESPONSE_LIMIT_BYTES: positiveInt(10_485_760, "a positive number of bytes"),
  /** Proxied requests one client may have in flight at once, and all clients together. */
  RPC_CLIENT_CONCURRENCY: positiveInt(16, "a positive number of requests"),
  RPC_MAX_CONCURRENCY: positiveInt(128, "a positive number of requests"),
  /** The most calls of different clients' cheap reads combined into one upstream batch; 1: never combined. */
  RPC_COMBINE_MAX_CALLS: positiveInt(20, "a positive number of calls"),
  /** How often, at most, the proxy asks an upstream for its finalized block (what it may cache). */
  RPC_FINALITY_CHECK_MS: positiveInt(12_000, "a positive number of milliseconds"),
  /** How long an upstream that failed is tried only after the others; then it is back first in its turn. */
  RPC_UPSTREAM_COOL_DOWN_MS: positiveInt(30_000, "a positive number of milliseconds"),
  /** How long the indexer waits for a Beacon API node's answer before the pass fails (and is retried). */
  BEACON_TIMEOUT_MS: positiveInt(10_000, "a positive number of milliseconds"),
  /** Proxies believed about the client's address (X-Forwarded-For): false, true, a hop count, or addresses/CIDRs. */
  TRUST_PROXY: trustProxySchema,
  /** A request's headers and body must arrive within this; else 408 and the connection is closed. */
  HTTP_REQUEST_TIMEOUT_MS: positiveInt(30_000, "a positive number of milliseconds"),
  /** A request's headers must arrive within this (at most HTTP_REQUEST_TIMEOUT_MS). */
  HTTP_HEADERS_TIMEOUT_MS: positiveInt(10_000, "a positive number of milliseconds"),
  /** A connection on which nothing moves, either way, for this long is closed. */
  HTTP_IDLE_TIMEOUT_MS: positiveInt(60_000, "a positive number of milliseconds"),
  /** A kept-alive connection waits this long for its next request (above a load balancer's idle timeout). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt(72_000, "a positive number of milliseconds"),
  /** Connections open at once; further ones are closed as they arrive. */
  HTTP_MAX_CONNECTIONS: positiveInt(4_096, "a positive number of connections"),
  /** A PostgreSQL server; without it the server runs PostgreSQL embedded (PGlite) with its files in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(?:ql)?:\/\//, "expected a postgres:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default(".data/pglite"),
  /** Seed (hex, at least 32 bytes) of the provider's validator keys. Without it, only devnet deposit data is served, from a public devnet seed. */
  DEPOSIT_SEED: z
    .string()
    .regex(/^0x(?:[0-9a-fA-F]{2}){32,}$/, "expected 0x and at least 64 hexadecimal digits")
    .optional(),
  /** Encrypts stored keystores (EIP-2335); required with DEPOSIT_SEED. Hex or base64 of ≥ 32 random bytes (checked below). */
  KEYSTORE_KEY: z.string().optional(),
  /** Threads deriving and signing validator keys, off the event loop. */
  DEPOSIT_WORKERS: positiveInt(Math.max(1, availableParallelism() - 1), "a positive number of threads"),
  /** Validators that may wait for a key thread; beyond it, deposit-data requests are answered 503 with Retry-After. */
  DEPOSIT_QUEUE_VALIDATORS: positiveInt(256, "a positive number of validators"),
  /** New validators one client address may ask for in a minute (retries of a request are not counted). */
  DEPOSIT_VALIDATORS_PER_MINUTE: positiveInt(128, "a positive number of validators"),
  /** Validator keys an owner may hold that were never deposited, per network environment. */
  DEPOSIT_UNDEPOSITED_KEYS_PER_OWNER: positiveInt(256, "a positive number of keys"),
  /** Validator keys all owners together may hold that were never deposited, per network environment. */
  DEPOSIT_UNDEPOSITED_KEYS_TOTAL: positiveInt(10_000, "a positive number of keys"),
  /** "true": POST /deposit-data needs the sign-in session (SIWE) of the owner, as Authorization: Bearer. */
  DEPOSIT_REQUIRES_SIGN_IN: z
    .enum(["true", "false"], { error: 'expected "true" or "false"' })
    .default("false")
    .transform((value) => value === "true"),
  /** "off" leaves the database as it is: no chain or Beacon API reads (for read-only replicas). */
  INDEXER: z.enum(["on", "off"], { error: 'expected "on" or "off"' }).default("on"),
  INDEXER_INTERVAL_MS: positiveInt(12_000, "a positive number of milliseconds"),
  /** Blocks behind the head the indexer waits for; default 12, and 0 on devnet where blocks are never replaced. */
  INDEXER_CONFIRMATIONS: z.coerce
    .number({ error: "expected a whole number of blocks" })
    .int()
    .min(0, "expected a whole number of blocks")
    .optional(),
  /** Blocks per chain-log read and per database transaction of the indexer. */
  INDEXER_CHUNK_BLOCKS: positiveInt(2_000, "a positive number of blocks"),
  /** This server instance's name in the indexer lease (and its logs); random by default. */
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/, "expected 1 to 128 letters, digits, dots, colons, dashes or underscores")
    .default(() => `${hostname()}-${randomUUID().slice(0, 8)}`),
  /** How long the indexer lease lasts unrenewed; a standing-by instance takes over within 5/4 of it. */
  INDEXER_LEASE_MS: z.coerce
    .number({ error: "expected a number of milliseconds of at least 1000" })
    .int("expected a whole number of milliseconds of at least 1000")
    .min(1_000, "expected a number of milliseconds of at least 1000")
    .default(10_000),
  /** The built web app to serve beside the API, from one origin (`npm run serve` sets dist). */
  SERVE_APP_DIR: z
    .string()
    .min(1)
    .refine(
      (dir) => existsSync(join(dir, "index.html")),
      "expected the folder `npm run build` writes (with index.html); run `npm run build` first",
    )
    .optional(),
  /**
   * The staking API base the served app (SERVE_APP_DIR) uses instead of its build's networks/app.json apiBaseUrl,
   * handed to the page at run time: a second local stack on other ports (`npm start -- --api-port ...`).
   */
  APP_API_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+[^\s]*$/, "expected an absolute http(s) URL such as http://127.0.0.1:8787")
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  /**
   * Public JSON-RPC URLs the served app (and its Devnet Wallet) uses for these chains instead of networks/*.json
   * rpcUrls, as comma-separated chainId=url pairs, handed to the page at run time; the app's CSP names them.
   */
  APP_RPC_URLS: commaList()
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^\d+=https?:\/\/[^\s,]+$/,
            "expected comma-separated chainId=http(s) URL pairs, such as 31337=http://127.0.0.1:8545",
          ),
      ),
    )
    .transform(
      (pairs): Readonly<Record<string, string>> =>
        Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)])),
    ),
  /** "prepend": RPC_UPSTREAMS_* come before config's public nodes; "replace": they are the only upstreams. */
  RPC_UPSTREAM_POLICY: z.enum(["prepend", "replace"], { error: 'expected "prepend" or "replace"' }).default("prepend"),
  /** "send": the distributor signs allocations with DISTRIBUTOR_KEY_*; "safe": it writes Safe batch files instead. */
  DISTRIBUTOR_MODE: z.enum(["send", "safe"], { error: 'expected "send" or "safe"' }).default("send"),
  /** Where DISTRIBUTOR_MODE=safe writes its Safe Transaction Builder batch files. */
  DISTRIBUTOR_SAFE_DIR: z.string().min(1).default(".data/safe-batches"),
  /** An imported, active validator that missed this many epochs of duties in a row raises an alert (/ops/alerts). */
  ALERT_MISSED_DUTIES: positiveInt(3, "a positive number of epochs"),
  /** Bearer token of the operators' endpoints (/ops/*); without it they answer 404. */
  OPS_TOKEN: z.string().min(16, "expected a token of at least 16 characters").optional(),
  /** Bearer token of GET /metrics (Prometheus); without it /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, "expected a token of at least 16 characters").optional(),
  /**
   * Where contact-page messages are e-mailed (through SMTP_URL, from SMTP_FROM), with the sender's reply e-mail as
   * Reply-To; unset, they are only stored.
   */
  CONTACT_INBOX: z
    .string()
    .regex(/^[^\s@<>]+@[^\s@.<>]+(\.[^\s@.<>]+)+$/, "expected an e-mail address such as support@example.org")
    .optional(),
  /**
   * The price source's URL instead of networks/app.json `prices.url`, and read for every served environment, not
   * only mainnet ones: the devnet's price stand-in. Without app.json `prices` it has no effect.
   */
  PRICE_API_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+[^\s]*$/, "expected an absolute http(s) URL such as http://127.0.0.1:8790/api/v3")
    .optional(),
  /** The price source's API key, sent in app.json `prices.apiKeyHeader` (never in a URL or a log). */
  PRICE_API_KEY: z.string().min(1).optional(),
  ...embeddedWalletEnv,
});

export type ServerConfig = Omit<z.infer<typeof envSchema>, "PUBLIC_BASE_URL"> & {
  PUBLIC_BASE_URL: string;
  /** Extra upstream URLs per environment from RPC_UPSTREAMS_<NETWORK>[_<SUBNETWORK>]_<ENVIRONMENT>, tried first. */
  RPC_UPSTREAMS: ReadonlyMap<string, readonly string[]>;
  /** Beacon API node per environment from BEACON_API_URL_<NETWORK>_<ENVIRONMENT>, instead of config's. */
  BEACON_API_URLS: ReadonlyMap<string, string>;
  /** Validator clients per environment ("ETHEREUM_HOODI") from KEYMANAGER_CLIENTS_*, _TOKEN_* and _WEIGHTS_*. */
  KEYMANAGERS: ReadonlyMap<string, readonly KeymanagerClientConfig[]>;
  /** Operator keys per environment from DISTRIBUTOR_KEY_<NETWORK>_<ENVIRONMENT>: they sign RewardsClaim allocations. */
  DISTRIBUTOR_KEYS: ReadonlyMap<string, `0x${string}`>;
  /** The values (and list items) of every secret variable, so logs can replace them wherever they appear. */
  SECRET_VALUES: readonly string[];
};

/** Thrown when the environment is unusable; its message lists every bad variable. */
export class EnvError extends Error {
  override readonly name = "EnvError";
}

const UPSTREAM_PREFIX = "RPC_UPSTREAMS_";
const BEACON_PREFIX = "BEACON_API_URL_";

/** APP_RPC_URLS names chains of the served environments only (a typo would otherwise change nothing). */
function appRpcUrlProblems(urls: Readonly<Record<string, string>>, kinds: readonly string[]): string[] {
  const served = networksInHomeOrder
    .flatMap((network) => [
      ...(network.environments ?? []),
      ...(network.subNetworks ?? []).flatMap((sub) => sub.environments ?? []),
    ])
    .filter((environment) => kinds.includes(environment.kind))
    .map((environment) => String(environment.chainId));
  return Object.keys(urls)
    .filter((chainId) => !served.includes(chainId))
    .map(
      (chainId) =>
        `  APP_RPC_URLS: chain ${chainId} is no chain of the served environments (SERVE_KINDS); expected one of ${served.join(", ")}`,
    );
}

/** Parses the whole environment at once; on any problem throws an EnvError listing all of them. */
export function parseEnv(env: NodeJS.ProcessEnv): ServerConfig {
  const input = { ...env, SERVE_KINDS: env.SERVE_KINDS ?? "mainnet,testnet" };
  const result = envSchema.safeParse(input);
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? "environment");
      problems.push(`  ${name}: ${issue.message}${describeValue(name, env[name])}`);
    }
  }
  const environments = environmentVariableSuffixes(networksInHomeOrder);
  const upstreams = new Map<string, string[]>();
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(UPSTREAM_PREFIX) || value === undefined) continue;
    const urls = value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    const bad = urls.findIndex((url) => !/^https?:\/\/[^\s/]+/.test(url));
    if (urls.length === 0 || bad >= 0) {
      const which = urls.length > 1 ? `: item ${bad + 1} of ${urls.length}` : "";
      problems.push(
        `  ${name}: expected comma-separated http(s) URLs${which}${describeValue(name, urls[bad] ?? value)}`,
      );
      continue;
    }
    const unknown = unknownEnvironmentProblem(UPSTREAM_PREFIX, name.slice(UPSTREAM_PREFIX.length), environments);
    if (unknown) problems.push(`  ${name}: ${unknown}`);
    upstreams.set(name.slice(UPSTREAM_PREFIX.length), urls);
  }
  const beacons = new Map<string, string>();
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(BEACON_PREFIX) || value === undefined) continue;
    if (!/^https?:\/\/[^\s/]+[^\s]*$/.test(value)) {
      problems.push(`  ${name}: expected an http(s) URL${describeValue(name, value)}`);
      continue;
    }
    const unknown = unknownEnvironmentProblem(BEACON_PREFIX, name.slice(BEACON_PREFIX.length), environments);
    if (unknown) problems.push(`  ${name}: ${unknown}`);
    beacons.set(name.slice(BEACON_PREFIX.length), value.replace(/\/+$/, ""));
  }
  const keymanagers = parseKeymanagerClients(env, problems, environments);
  const distributorKeys = parseDistributorKeys(env, problems, environments);
  const keystoreKey = env.KEYSTORE_KEY === undefined ? undefined : keystoreKeyProblem(env.KEYSTORE_KEY);
  if (keystoreKey) problems.push(`  KEYSTORE_KEY: ${keystoreKey}`);
  if (result.success && result.data.DEPOSIT_SEED && !result.data.KEYSTORE_KEY) {
    problems.push("  KEYSTORE_KEY: required when DEPOSIT_SEED is set, to encrypt the stored keystores");
  }
  if (result.success) problems.push(...embeddedWalletProblems(result.data));
  if (result.success) problems.push(...appRpcUrlProblems(result.data.APP_RPC_URLS, result.data.SERVE_KINDS));
  if (result.success && result.data.CONTACT_INBOX && !result.data.SMTP_URL) {
    problems.push("  SMTP_URL: required when CONTACT_INBOX is set, to e-mail the contact messages");
  }
  if (problems.length > 0 || !result.success) {
    throw new EnvError(`The server cannot start; fix these environment variables:\n${problems.join("\n")}`);
  }
  const config = result.data;
  const publicBaseUrl = (config.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/+$/, "");
  return {
    ...config,
    PUBLIC_BASE_URL: publicBaseUrl,
    // The embedded wallet's frame may be embedded by the app's own origin unless a list says otherwise.
    EMBEDDED_WALLET_ALLOWED_ORIGINS:
      config.EMBEDDED_WALLET_ALLOWED_ORIGINS.length > 0
        ? config.EMBEDDED_WALLET_ALLOWED_ORIGINS
        : [new URL(publicBaseUrl).origin],
    RPC_UPSTREAMS: upstreams,
    BEACON_API_URLS: beacons,
    KEYMANAGERS: keymanagers,
    DISTRIBUTOR_KEYS: distributorKeys,
    SECRET_VALUES: Object.entries(env).flatMap(([name, value]) =>
      value !== undefined && isSecretVariable(name, value)
        ? [
            value,
            ...value.split(",").map((item) => item.trim().replace(/\/+$/, "")),
            ...(name.startsWith("KEYMANAGER_CLIENTS_") ? keymanagerClientUrls(value) : []),
          ]
        : [],
    ),
  };
}
