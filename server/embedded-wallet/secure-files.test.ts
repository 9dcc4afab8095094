import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedWalletStack, startEmbeddedWalletStack } from "../../tests/support/embedded-wallet-stack.ts";
import { writeCompressedSiblings } from "../web/precompress.ts";

const INDEX = '<!doctype html><title>frame</title><script type="module" src="/assets/frame-Ab12Cd34.js"></script>';
const SCRIPT = `export const shares = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `share-${i}`))};\n`;

let stack: EmbeddedWalletStack;
let frameDir: string;

beforeAll(async () => {
  frameDir = mkdtempSync(join(tmpdir(), "secure-frame-"));
  mkdirSync(join(frameDir, "assets"));
  writeFileSync(join(frameDir, "index.html"), INDEX);
  writeFileSync(join(frameDir, "assets", "frame-Ab12Cd34.js"), SCRIPT);
  // As the frame's build writes them (npm run build).
  await writeCompressedSiblings(frameDir);
  stack = await startEmbeddedWalletStack({ env: { SECURE_APP_DIR: frameDir } });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(frameDir, { recursive: true, force: true });
});

describe("the secure frame's files on the secure origin", () => {
  it("answers / with the frame's index.html, revalidated on each use", async () => {
    const response = await stack.secure.inject("/");
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("sends the build's .br file to a browser accepting brotli, plain bytes otherwise, and 304 for a known ETag", async () => {
    const url = "/assets/frame-Ab12Cd34.js";
    const br = await stack.secure.inject({ url, headers: { "accept-encoding": "br, gzip" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.rawPayload.equals(readFileSync(join(frameDir, "assets", "frame-Ab12Cd34.js.br")))).toBe(true);

    const plain = await stack.secure.inject(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.etag).not.toBe(br.headers.etag);

    const again = await stack.secure.inject({
      url,
      headers: { "accept-encoding": "br", "if-none-match": String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("answers a missing file, and a compressed copy asked for by name, with 404", async () => {
    for (const url of ["/assets/frame-Zz99Yy88.js", "/assets/frame-Ab12Cd34.js.br", "/assets/frame-Ab12Cd34.js.gz"]) {
      const response = await stack.secure.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["cache-control"] ?? "", url).not.toContain("immutable");
    }
  });
});
