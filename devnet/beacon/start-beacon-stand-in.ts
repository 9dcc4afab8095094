import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestClient, http, publicActions, walletActions } from "viem";
import { ethereumDevnetChain, type Network, networks } from "../../src/generated/index.ts";
import { consolidationRequestsAddress, depositContractAddress, withdrawalRequestsAddress } from "../addresses.ts";
import { BeaconNode, InvalidStateIdError, StateNotFoundError } from "./beacon-node.ts";
import { type BeaconParams, DEFAULT_BEACON_PARAMS } from "./beacon-params.ts";
import { BEACON_ROUTES } from "./beacon-routes.ts";
import { BlockProposer } from "./block-proposer.ts";
import { ChainWatcher } from "./chain-watcher.ts";
import { BadRequestError } from "./validator-query.ts";

export interface BeaconStandInOptions {
  /** JSON-RPC URL of the Ethereum devnet chain to follow. */
  readonly rpcUrl: string;
  /** 0 (the default) lets the system pick a free port. */
  readonly port?: number;
  readonly params?: Partial<BeaconParams>;
  /** Validators a validator client runs (lowercase pubkeys); only they activate. Without it, every one does. */
  readonly running?: ReadonlySet<string>;
  /**
   * Simulates block proposals by active validators (see BlockProposer), paying the fee recipient their validator
   * client set (undefined: no client runs that validator, so it proposes nothing).
   */
  readonly feeRecipientOf?: (pubkey: string) => string | undefined;
  /** false: proposals happen only on proposeNow() (tests), not once a slot on their own. Default true. */
  readonly autoPropose?: boolean;
}

export interface RunningBeaconStandIn {
  readonly url: string;
  readonly port: number;
  readonly node: BeaconNode;
  /** Proposes the head epoch's block now if it is due (the ticker does it once a slot), even with automine off. */
  proposeNow(): Promise<void>;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 1_000_000;

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new BadRequestError("Request body too large"));
      else chunks.push(chunk);
    });
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      if (text.trim() === "") return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new BadRequestError("Request body is not valid JSON"));
      }
    });
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json", "access-control-allow-origin": "*" });
  response.end(JSON.stringify(body));
}

async function handle(node: BeaconNode, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://localhost");
  const method = request.method ?? "GET";
  if (method === "OPTIONS") {
    response.writeHead(204, {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, POST",
      "access-control-allow-headers": "content-type",
    });
    response.end();
    return;
  }
  const pathMatches = BEACON_ROUTES.filter(([, pattern]) => pattern.test(url.pathname));
  const route = pathMatches.find(([routeMethod]) => routeMethod === method);
  if (!route) {
    if (pathMatches.length > 0) return send(response, 405, { code: 405, message: `Method ${method} not allowed` });
    return send(response, 404, { code: 404, message: `Route not found: ${url.pathname}` });
  }
  const [, pattern, handler] = route;
  try {
    const params = (pattern.exec(url.pathname) ?? []).slice(1).map((part) => decodeURIComponent(part));
    const body = method === "POST" ? await readBody(request) : undefined;
    send(response, 200, await handler(node, { method, params, query: url.searchParams, body }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof BadRequestError || error instanceof InvalidStateIdError)
      send(response, 400, { code: 400, message });
    else if (error instanceof StateNotFoundError) send(response, 404, { code: 404, message });
    else send(response, 503, { code: 503, message: `Devnet execution chain unavailable: ${message}` });
  }
}

/**
 * Starts the devnet's consensus-layer stand-in: a small HTTP server with the Beacon API subset an indexer
 * needs, fed by the devnet chain's deposits and EIP-7002 requests. A devnet tool only: production uses a
 * real beacon node (beaconApiUrl in networks/*.json).
 */
export async function startBeaconStandIn(options: BeaconStandInOptions): Promise<RunningBeaconStandIn> {
  const ethereum: Network = networks.ethereum;
  const devnet = ethereum.environments?.find((environment) => environment.kind === "devnet");
  const params: BeaconParams = {
    ...DEFAULT_BEACON_PARAMS,
    genesisForkVersion: (devnet?.genesisForkVersion ?? "0x10000038") as `0x${string}`,
    depositChainId: ethereumDevnetChain.id,
    depositContract: depositContractAddress,
    withdrawalRequestContract: withdrawalRequestsAddress,
    consolidationRequestContract: consolidationRequestsAddress,
    ...options.params,
  };
  const client = createTestClient({
    mode: "anvil",
    chain: ethereumDevnetChain,
    transport: http(options.rpcUrl),
  })
    .extend(publicActions)
    .extend(walletActions);
  const watcher = new ChainWatcher(client, params);
  await watcher.start();
  // Withdrawals reach the execution chain the way a real chain mints them: the address's balance grows
  // (anvil_setBalance, one payout at a time; a transaction landing between the read and the write would be
  // undone, a risk accepted for a local devnet).
  let payouts = Promise.resolve();
  const node = new BeaconNode(
    watcher,
    params,
    (address, gwei) => {
      payouts = payouts.then(async () => {
        const balance = await client.getBalance({ address });
        await client.setBalance({ address, value: balance + gwei * 1_000_000_000n });
      });
      return payouts;
    },
    options.running,
  );
  const proposer = options.feeRecipientOf && new BlockProposer(client, node, options.feeRecipientOf);
  // Advance once a slot even when nobody asks, so withdrawals arrive on time (and blocks are proposed).
  const ticker = setInterval(() => {
    if (proposer && options.autoPropose !== false) proposer.proposeIfDue();
    else node.stateAt("head").catch(() => {});
  }, params.secondsPerSlot * 1000);
  ticker.unref();
  const server = createServer((request, response) => {
    handle(node, request, response).catch((error: unknown) =>
      send(response, 500, { code: 500, message: String(error) }),
    );
  });
  // Idle keep-alive connections are left for the client to close (Node's default closes them after 5 s). A
  // stand-in usually shares its process with the server and key work that can hold the event loop for seconds;
  // the server's timer then fires in the same turn in which the client reuses the connection, and the client's
  // request meets a reset (ECONNRESET).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    node,
    proposeNow: () => proposer?.proposeIfDue({ whileHeld: true }) ?? Promise.resolve(),
    stop: async () => {
      clearInterval(ticker);
      await proposer?.settled();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
