/** What this instance's indexer last did per environment ("network/environment"), for /ready and /metrics. */
export interface IndexerEnvironmentStatus {
  /** Whether this instance holds the environment's indexer lease (indexes it). */
  leader: boolean;
  /** When this instance last finished a pass over the environment (ISO 8601). */
  lastPassAt?: string;
  /** The last pass's failure, when it failed: the error's message, which names no secret. */
  lastError?: { at: string; message: string };
  /** True once indexing stopped for good (its node serves another chain); lastError says why. */
  stopped?: boolean;
}

/** Filled by the indexer (server/indexer/start-indexer.ts); read by /ready and /metrics. */
export class IndexerStatus {
  private readonly environments = new Map<string, IndexerEnvironmentStatus>();

  /** The environments this instance may index: each starts as not leading. */
  track(keys: readonly string[]): void {
    for (const key of keys) if (!this.environments.has(key)) this.environments.set(key, { leader: false });
  }

  leader(key: string, held: boolean): void {
    this.entry(key).leader = held;
  }

  passed(key: string): void {
    const entry = this.entry(key);
    entry.lastPassAt = new Date().toISOString();
    delete entry.lastError;
  }

  failed(key: string, error: unknown): void {
    this.entry(key).lastError = {
      at: new Date().toISOString(),
      message: hostsOnly(error instanceof Error ? error.message : String(error)),
    };
  }

  /** Indexing of the environment stopped until a restart: `error` stays its last error. */
  stopped(key: string, error: unknown): void {
    this.failed(key, error);
    this.entry(key).stopped = true;
  }

  snapshot(): ReadonlyMap<string, Readonly<IndexerEnvironmentStatus>> {
    return this.environments;
  }

  private entry(key: string): IndexerEnvironmentStatus {
    let entry = this.environments.get(key);
    if (!entry) {
      entry = { leader: false };
      this.environments.set(key, entry);
    }
    return entry;
  }
}

/** Library errors quote the URL they called, which can carry an API key: keep each URL's scheme and host only. */
function hostsOnly(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/@]*@)?([^\s/?#"'`]+)[^\s"'`]*/gi, "$1$2");
}
