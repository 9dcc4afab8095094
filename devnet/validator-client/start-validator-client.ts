import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { KeymanagerBadRequest, KeymanagerStore, parsePubkey } from "./keymanager-store.ts";

/** The devnet validator client's Keymanager API bearer token: public, like every devnet secret. */
export const DEVNET_KEYMANAGER_TOKEN = "stake-devnet-keymanager-token-public-not-secret";

export interface ValidatorClientOptions {
  /** 0 (the default) lets the system pick a free port. */
  readonly port?: number;
  /** Fee recipient of keys whose own was never set. */
  readonly defaultFeeRecipient: string;
  /** Told of each imported key (the Beacon API stand-in then runs that validator). */
  readonly onImported?: (pubkey: string) => void;
  /** The bearer token it accepts (default DEVNET_KEYMANAGER_TOKEN); each real client has its own. */
  readonly token?: string;
}

export interface RunningValidatorClient {
  readonly url: string;
  readonly token: string;
  readonly store: KeymanagerStore;
  /** Every bearer token requests came with, right or wrong (for tests on who was told what). */
  readonly tokensSeen: ReadonlySet<string>;
  /** Every authorised request's method and path, in order (for tests counting imports and deletes). */
  readonly requests: readonly { readonly method: string; readonly path: string }[];
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 4_000_000;
class NotFound extends Error {}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new KeymanagerBadRequest("request body too large");
    chunks.push(chunk);
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
    if (typeof body === "object" && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new KeymanagerBadRequest("request body must be a JSON object");
}

function strings(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw new KeymanagerBadRequest(`${name} must be an array of strings`);
  }
  return value;
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function route(store: KeymanagerStore, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? "/", "http://localhost").pathname;
  const method = request.method ?? "GET";
  if (path === "/eth/v1/keystores" && method === "GET") return send(response, 200, { data: store.list() });
  if (path === "/eth/v1/keystores" && method === "POST") {
    const body = await readJson(request);
    let slashing: unknown;
    if (body.slashing_protection !== undefined) {
      if (typeof body.slashing_protection !== "string")
        throw new KeymanagerBadRequest("slashing_protection must be an EIP-3076 interchange JSON string");
      try {
        slashing = JSON.parse(body.slashing_protection);
      } catch {
        throw new KeymanagerBadRequest("slashing_protection is not valid JSON");
      }
    }
    const data = await store.import(
      strings(body.keystores, "keystores"),
      strings(body.passwords, "passwords"),
      slashing,
    );
    return send(response, 200, { data });
  }
  if (path === "/eth/v1/keystores" && method === "DELETE") {
    const removed = store.remove(strings((await readJson(request)).pubkeys, "pubkeys"));
    const { statuses, data } = removed;
    const metadata = removed.metadata ?? {
      interchange_format_version: "5",
      genesis_validators_root: `0x${"00".repeat(32)}`,
    };
    return send(response, 200, { data: statuses, slashing_protection: JSON.stringify({ metadata, data }) });
  }
  const fee = /^\/eth\/v1\/validator\/([^/]+)\/feerecipient$/.exec(path);
  if (fee?.[1]) {
    const pubkey = parsePubkey(decodeURIComponent(fee[1]));
    if (!store.has(pubkey)) throw new NotFound(`validator ${pubkey} is not held by this client`);
    if (method === "GET") return send(response, 200, { data: { pubkey, ethaddress: store.feeRecipient(pubkey) } });
    if (method === "POST") {
      store.setFeeRecipient(pubkey, (await readJson(request)).ethaddress);
      return send(response, 202);
    }
  }
  throw new NotFound(`route not found: ${method} ${path}`);
}

/**
 * Starts the devnet's validator client stand-in on loopback: the Keymanager API subset the server's handoff
 * uses (GET/POST/DELETE /eth/v1/keystores, GET/POST /eth/v1/validator/{pubkey}/feerecipient), behind a bearer token.
 * It signs nothing; it proves each keystore opens and tells the Beacon API stand-in which validators run.
 */
export async function startValidatorClient(options: ValidatorClientOptions): Promise<RunningValidatorClient> {
  const store = new KeymanagerStore(options.defaultFeeRecipient, options.onImported ?? (() => {}));
  const token = options.token ?? DEVNET_KEYMANAGER_TOKEN;
  const tokensSeen = new Set<string>();
  const requests: { method: string; path: string }[] = [];
  const server = createServer((request, response) => {
    const given = /^Bearer (.*)$/.exec(request.headers.authorization ?? "")?.[1];
    if (given !== undefined) tokensSeen.add(given);
    if (given !== token) {
      return send(response, 401, { code: 401, message: "missing or wrong bearer token" });
    }
    requests.push({ method: request.method ?? "GET", path: new URL(request.url ?? "/", "http://localhost").pathname });
    route(store, request, response).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof KeymanagerBadRequest) send(response, 400, { code: 400, message });
      else if (error instanceof NotFound) send(response, 404, { code: 404, message });
      else send(response, 500, { code: 500, message });
    });
  });
  // As the Beacon stand-in: idle keep-alive connections are the client's to close, so a reused connection never
  // meets a reset when key work has held the shared event loop past Node's 5 s default.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    store,
    tokensSeen,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
