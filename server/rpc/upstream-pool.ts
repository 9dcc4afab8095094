import { postJson } from "./post-json.ts";

/**
 * The upstream JSON-RPC nodes of one chain, tried in order with a timeout each, failing over to the next.
 * Each upstream's chain id is checked before it is first used: a node on another chain is never used, so no
 * read or broadcast goes to the wrong chain. A failing upstream is moved to the back for a cool-down.
 */
export class UpstreamUnavailableError extends Error {
  override readonly name = "UpstreamUnavailableError";
}

export interface UpstreamPoolOptions {
  readonly chainId: number;
  readonly urls: readonly string[];
  readonly timeoutMs: number;
  readonly coolDownMs?: number;
  readonly onWarning?: (message: string) => void;
}

type Verification = "ok" | "wrong-chain";

export class UpstreamPool {
  private readonly failedUntil = new Map<string, number>();
  private readonly verified = new Map<string, Verification>();

  constructor(private readonly options: UpstreamPoolOptions) {}

  /** Sends a JSON-RPC body and returns the first well-formed answer. Throws UpstreamUnavailableError when none answers. */
  async send(body: unknown): Promise<unknown> {
    const now = Date.now();
    const candidates = this.options.urls
      .filter((url) => this.verified.get(url) !== "wrong-chain")
      .sort((a, b) => Number((this.failedUntil.get(a) ?? 0) > now) - Number((this.failedUntil.get(b) ?? 0) > now));
    const failures: string[] = [];
    for (const url of candidates) {
      try {
        if (!this.verified.has(url)) await this.verify(url);
        if (this.verified.get(url) === "wrong-chain") {
          failures.push(`${hostOf(url)}: serves another chain`);
          continue;
        }
        const answer = await this.post(url, body);
        this.failedUntil.delete(url);
        return answer;
      } catch (error) {
        this.failedUntil.set(url, Date.now() + (this.options.coolDownMs ?? 30_000));
        failures.push(`${hostOf(url)}: ${error instanceof Error ? error.message : String(error)}`);
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

  private async verify(url: string): Promise<void> {
    const answer = (await this.post(url, { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] })) as {
      result?: unknown;
    };
    const chainId = typeof answer.result === "string" ? Number.parseInt(answer.result, 16) : Number.NaN;
    if (chainId === this.options.chainId) {
      this.verified.set(url, "ok");
      return;
    }
    this.verified.set(url, "wrong-chain");
    this.options.onWarning?.(
      `upstream ${hostOf(url)} reports chain id ${chainId}, not ${this.options.chainId}; it will not be used`,
    );
  }

  private post(url: string, body: unknown): Promise<unknown> {
    return postJson(url, body, this.options.timeoutMs);
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
