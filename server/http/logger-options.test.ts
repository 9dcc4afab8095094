import { Writable } from "node:stream";
import pino from "pino";
import { createPublicClient, http } from "viem";
import { describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/free-port.ts";
import { parseEnv } from "../config/env.ts";
import { loggerOptions } from "./logger-options.ts";

describe("server logs", () => {
  it("never write a secret upstream URL, even inside the error of a client that called it", async () => {
    const key = "9f2c4e7a1b3d5f60";
    const upstream = `http://127.0.0.1:${await freePort()}/v3/${key}`;
    const config = parseEnv({
      RPC_UPSTREAMS_ETHEREUM_MAINNET: upstream,
      DATABASE_URL: "postgres://stake:pa55-word@db.internal/stake",
    });
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = pino(loggerOptions(config), sink);
    // The indexer's kind of failure: viem's error names the URL it called, in its message and its fields.
    const error = await createPublicClient({ transport: http(upstream, { retryCount: 0 }) })
      .getBlockNumber()
      .catch((caught: unknown) => caught);
    expect(String(error)).toContain(key);
    log.warn({ err: error, environment: "ethereum/mainnet" }, "indexer pass failed; retrying on the next one");
    log.error({ url: "postgres://stake:pa55-word@db.internal/stake" }, "database unreachable");

    const written = lines.join("");
    expect(written).toContain("indexer pass failed");
    expect(written).toContain("[secret]");
    expect(written).not.toContain(key);
    expect(written).not.toContain("pa55-word");
  });
});
