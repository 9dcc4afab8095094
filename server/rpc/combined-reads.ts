import type { ClientConnection } from "./post-json.ts";
import { SharedAudience } from "./shared-audience.ts";
import { AnswerTooLargeError, CallTooSlowError } from "./upstream-errors.ts";
import type { Outcome, Read } from "./upstream-reads.ts";

/**
 * Reads a node answers quickly and briefly, whatever their parameters: account state, the head, fees, one
 * transaction or receipt. Only these are combined with other clients' reads; a call, a gas estimate, logs or a
 * block can be slow or large, and would hold up or overflow the answers of clients that did not ask for it.
 */
const COMBINABLE = new Set([
  "eth_chainId",
  "net_version",
  "eth_blockNumber",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_blobBaseFee",
  "eth_getBalance",
  "eth_getTransactionCount",
  "eth_getCode",
  "eth_getStorageAt",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
]);

/** One exchange with the upstream for these reads (ids 0..n-1), for the clients `audience` stands for. */
export type ExchangeReads = (reads: readonly Read[], audience: ClientConnection) => Promise<Outcome[]>;

interface Waiting {
  readonly reads: readonly Read[];
  readonly audience: SharedAudience;
  readonly resolve: (outcomes: Outcome[]) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Combines the reads different clients send upstream in the same turn of the event loop into one JSON-RPC batch
 * (at most `maxCalls` calls): under load, many requests arrive together, and one upstream exchange for all of
 * them costs the proxy and the node one HTTP request instead of one each. Each client still gets only its own
 * answers. A combined exchange is dropped only when every client in it has gone. When a combined answer is too
 * large or too slow, each client's reads are sent again on their own, so that one client's read never fails
 * another's. With `maxCalls` 1 nothing is combined.
 */
export class CombinedReads {
  private waiting: Waiting[] = [];
  private calls = 0;

  constructor(
    readonly maxCalls: number,
    private readonly exchange: ExchangeReads,
  ) {}

  /** The outcomes of `reads`, combined with other clients' reads when all of them may be. */
  send(reads: readonly Read[], audience: SharedAudience): Promise<Outcome[]> {
    if (reads.length >= this.maxCalls || !reads.every(({ request }) => COMBINABLE.has(request.method))) {
      return this.exchange(reads, audience);
    }
    if (this.calls + reads.length > this.maxCalls) this.flush();
    if (this.waiting.length === 0) setImmediate(() => this.flush());
    this.calls += reads.length;
    return new Promise((resolve, reject) => this.waiting.push({ reads, audience, resolve, reject }));
  }

  /** Sends what waits: alone as it is, several as one exchange whose answers are handed back to each. */
  private flush(): void {
    const waiting = this.waiting;
    this.waiting = [];
    this.calls = 0;
    const [first] = waiting;
    if (!first) return;
    if (waiting.length === 1) {
      this.exchange(first.reads, first.audience).then(first.resolve, first.reject);
      return;
    }
    const audience = new SharedAudience(first.audience);
    for (const { audience: member } of waiting.slice(1)) audience.add(member);
    this.exchange(
      waiting.flatMap(({ reads }) => reads),
      audience,
    ).then(
      (outcomes) => {
        let start = 0;
        for (const { reads, resolve } of waiting) {
          resolve(outcomes.slice(start, start + reads.length));
          start += reads.length;
        }
      },
      (error: unknown) => {
        const own = error instanceof AnswerTooLargeError || error instanceof CallTooSlowError;
        for (const { reads, audience: member, resolve, reject } of waiting) {
          if (own) this.exchange(reads, member).then(resolve, reject);
          else reject(error);
        }
      },
    );
  }
}
