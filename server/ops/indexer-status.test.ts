import { describe, expect, it } from "vitest";
import { IndexerStatus } from "./indexer-status.ts";

describe("the indexer's status for /ready", () => {
  it("keeps a failed pass's message with every URL cut to its host, and clears it after a good pass", () => {
    const status = new IndexerStatus();
    status.track(["ethereum/devnet"]);
    expect(status.snapshot().get("ethereum/devnet")).toEqual({ leader: false });
    status.leader("ethereum/devnet", true);
    status.failed(
      "ethereum/devnet",
      new Error(
        'HTTP request failed.\n\nURL: https://user:hunter22@node.example:8545/v3/key-abc123?token=xyz\nBody: {"x":1}',
      ),
    );
    const failed = status.snapshot().get("ethereum/devnet");
    expect(failed?.lastError?.message).toBe('HTTP request failed.\n\nURL: https://node.example:8545\nBody: {"x":1}');
    expect(JSON.stringify(failed)).not.toMatch(/hunter22|key-abc123|xyz/);
    status.passed("ethereum/devnet");
    expect(status.snapshot().get("ethereum/devnet")).toEqual({ leader: true, lastPassAt: expect.any(String) });
  });
});
