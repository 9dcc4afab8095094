import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { AppFile } from "./app-files.ts";
import { CompressedBodies, compressBody, type Encoding } from "./compressed-bodies.ts";
import { preferredEncoding } from "./preferred-encoding.ts";

const file: AppFile = {
  path: "/assets/app-Ab12Cd34.js",
  body: Buffer.from("console.log('stake');\n".repeat(200)),
  contentType: "text/javascript; charset=utf-8",
  etag: '"x"',
  cacheControl: "public, max-age=31536000, immutable",
  compressible: true,
};

describe("compressed bodies", () => {
  it("compresses each file once per encoding, however many requests ask, even at the same time", async () => {
    const calls: Encoding[] = [];
    const bodies = new CompressedBodies(async (body, encoding) => {
      calls.push(encoding);
      return compressBody(body, encoding);
    });
    const concurrent = await Promise.all([bodies.get(file, "br"), bodies.get(file, "br"), bodies.get(file, "gzip")]);
    const later = await bodies.get(file, "br");
    expect(calls).toEqual(["br", "gzip"]);
    expect(later).toBe(concurrent[0]);
    expect(brotliDecompressSync(later).equals(file.body)).toBe(true);
  });

  it("tries again on the next request when a compression failed", async () => {
    let fail = true;
    const bodies = new CompressedBodies(async (body, encoding) => {
      if (fail) throw new Error("out of memory");
      return compressBody(body, encoding);
    });
    await expect(bodies.get(file, "gzip")).rejects.toThrow("out of memory");
    fail = false;
    expect((await bodies.get(file, "gzip")).length).toBeGreaterThan(0);
  });
});

describe("preferred encoding", () => {
  it("prefers brotli, then gzip, and honours q=0 and *", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(preferredEncoding("GZIP")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
