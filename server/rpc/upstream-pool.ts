import { type ClientConnection, type Endpoint, endpointOf, postBytes, postJson } from "./post-json.ts";
import {
  AnswerTooLargeError,
  CallTooSlowError,
  ClientGoneError,
  UpstreamFailedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from "./upstream-errors.ts";

/**
 * The upstream JSON-RPC nodes of one chain, tried in order with a timeout each, failing over to the next.
 * Each upstream's chain id is checked before it is first used: a node on another chain is never used, so no
 * read or broadcast goes to the wrong chain. An upstream is set aside for a cool-down only for failures it
 * caused: connection refused or reset, an HTTP error status, an answer that is not JSON-RPC, another chain id, or
 * no answer to a cheap probe. A client's request that is too slow (the upstream answers the probe at once),
 * too large, or abandoned by the client ends with an error for that client and blames no upstream.
 */
export interface UpstreamPoolOptions {
  readonly chainId: number;
  readonly urls: readonly string[];
  readonly timeoutMs: number;
  /** Answers larger than this are cut off (AnswerTooLargeError); 10 MiB when not given. */
  readonly maxAnswerBytes?: number;
  readonly coolDownMs?: number;
  readonly onWarning?: (message: string) => void;
  /** Called with the upstream's host each time it is set aside for a failure it caused (for /metrics). */
  readonly onUpstreamError?: (host: string) => void;
}

/** An upstream's state as /ready reports it: its host only, never its URL. */
export interface UpstreamHealth {
  readonly host: string;
  /** "ok": answered last; "cooling-down": failed and tried last until then; "wrong-chain": never used. */
  readonly state: "ok" | "unverified" | "cooling-down" | "wrong-chain";
}

/** One upstream node. Its URL may hold an API key: it is never logged or answered; `host` is. */
export interface Upstream {
  readonly url: string;
  readonly host: string;
  readonly endpoint: Endpoint;
}

interface UpstreamState extends Upstream {
  verified: "ok" | "wrong-chain" | undefined;
  failedUntil: number;
}

const DEFAULT_MAX_ANSWER_BYTES = 10 * 1024 * 1024;

/** How long the probe that decides whose fault a timeout was may take, at most. */
const PROBE_TIMEOUT_MS = 2_000;

export class UpstreamPool {
  private readonly upstreams: UpstreamState[];

  constructor(private readonly options: UpstreamPoolOptions) {
    this.upstreams = options.urls.map((url) => ({
      url,
      host: hostOf(url),
      endpoint: endpointOf(url),
      verified: undefined,
      failedUntil: 0,
    }));
  }

  /** Each upstream's state now, in the order they are tried when all are well. */
  health(): UpstreamHealth[] {
    const now = Date.now();
    return this.upstreams.map((upstream) => ({
      host: upstream.host,
      state:
        upstream.verified === "wrong-chain"
          ? "wrong-chain"
          : upstream.failedUntil > now
            ? "cooling-down"
            : upstream.verified === "ok"
              ? "ok"
              : "unverified",
    }));
  }

  /** Sends a JSON-RPC body and returns the first well-formed answer; throws as exchange() does. */
  async send(body: unknown, client?: ClientConnection): Promise<unknown> {
    return (await this.exchange(body, client)).answer;
  }

  /**
   * Sends a JSON-RPC body and returns the first well-formed answer with the upstream that gave it. Throws
   * UpstreamUnavailableError when none answers, and CallTooSlowError, AnswerTooLargeError or ClientGoneError
   * for a failure the client caused.
   */
  exchange(body: unknown, client?: ClientConnection): Promise<{ answer: unknown; upstream: Upstream }> {
    return this.attempt(client, (upstream) => this.post(upstream, body, this.options.timeoutMs, client));
  }

  /**
   * Sends a JSON-RPC body as bytes and returns what `read` makes of the answer's bytes, with the upstream that
   * gave it. An answer `read` makes nothing of (undefined) is the upstream's failure. Throws as exchange() does.
   */
  exchangeBytes<T>(
    body: Buffer,
    read: (answer: Buffer) => T | undefined,
    client?: ClientConnection,
  ): Promise<{ answer: T; upstream: Upstream }> {
    const maxAnswerBytes = this.options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    return this.attempt(client, async (upstream) => {
      const answer = read(
        await postBytes(upstream.endpoint, body, { timeoutMs: this.options.timeoutMs, maxAnswerBytes, client }),
      );
      if (answer === undefined) throw new UpstreamFailedError("answered with something other than JSON-RPC");
      return answer;
    });
  }

  private async attempt<T>(
    client: ClientConnection | undefined,
    send: (upstream: UpstreamState) => Promise<T>,
  ): Promise<{ answer: T; upstream: Upstream }> {
    const now = Date.now();
    const candidates = this.upstreams
      .filter((upstream) => upstream.verified !== "wrong-chain")
      .sort((a, b) => Number(a.failedUntil > now) - Number(b.failedUntil > now));
    const failures: string[] = [];
    for (const upstream of candidates) {
      try {
        if (upstream.verified === undefined) await this.verify(upstream, client);
        if (upstream.verified === "wrong-chain") {
          failures.push(`${upstream.host}: serves another chain`);
          continue;
        }
        const answer = await send(upstream);
        upstream.failedUntil = 0;
        return { answer, upstream };
      } catch (error) {
        if (error instanceof ClientGoneError || error instanceof AnswerTooLargeError) throw error;
        if (error instanceof UpstreamTimeoutError && (await this.answersProbe(upstream, client))) {
          throw new CallTooSlowError(this.options.timeoutMs);
        }
        upstream.failedUntil = Date.now() + (this.options.coolDownMs ?? 30_000);
        this.options.onUpstreamError?.(upstream.host);
        failures.push(`${upstream.host}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // Clients learn only that the chain is unreachable; which hosts failed and why goes to the server log.
    this.options.onWarning?.(
      candidates.length === 0
        ? "no usable upstream node is configured"
        : `no upstream node answered: ${failures.join("; ")}`,
    );
    throw new UpstreamUnavailableError("no upstream node answered; try again shortly");
  }

  /** Sends a body the proxy itself needs (not a client's) to one upstream; for reads such as the finalized block. */
  ask(upstream: Upstream, body: unknown): Promise<unknown> {
    return this.post(upstream, body, Math.min(PROBE_TIMEOUT_MS, this.options.timeoutMs));
  }

  /** After a timeout: whether the upstream answers a cheap call promptly, so the slow request was the client's. */
  private async answersProbe(upstream: Upstream, client: ClientConnection | undefined): Promise<boolean> {
    try {
      const probe = { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] };
      const answer = await this.post(upstream, probe, Math.min(PROBE_TIMEOUT_MS, this.options.timeoutMs), client);
      return typeof (answer as { result?: unknown } | null)?.result === "string";
    } catch (error) {
      if (error instanceof ClientGoneError) throw error;
      return false;
    }
  }

  private async verify(upstream: UpstreamState, client: ClientConnection | undefined): Promise<void> {
    const probe = { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] };
    // A cheap call: no answer in time is the upstream's fault, whatever the client asked for.
    const answer = (await this.post(upstream, probe, this.options.timeoutMs, client).catch((error: unknown) => {
      throw error instanceof UpstreamTimeoutError ? new UpstreamFailedError(error.message) : error;
    })) as { result?: unknown } | null;
    const chainId = typeof answer?.result === "string" ? Number.parseInt(answer.result, 16) : Number.NaN;
    if (chainId === this.options.chainId) {
      upstream.verified = "ok";
      return;
    }
    upstream.verified = "wrong-chain";
    this.options.onWarning?.(
      `upstream ${upstream.host} reports chain id ${chainId}, not ${this.options.chainId}; it will not be used`,
    );
  }

  private post(upstream: Upstream, body: unknown, timeoutMs: number, client?: ClientConnection): Promise<unknown> {
    const maxAnswerBytes = this.options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    return postJson(upstream.endpoint, body, { timeoutMs, maxAnswerBytes, client });
  }
}

/** Upstream URLs can carry API keys in their path or query: logs and messages name the host only. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an upstream";
  }
}
