import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type BaselineSettings,
  compareWithBaseline,
  MissingBaselineError,
  ScreenshotMismatchError,
} from "./png-baseline.ts";

/** A 100 × 100 white picture whose first `black` pixels (row by row) are black. */
function picture(black: number, width = 100, height = 100): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    const value = i < black ? 0 : 255;
    png.data.set([value, value, value, 255], i * 4);
  }
  return PNG.sync.write(png);
}

let dir: string;
let settings: BaselineSettings;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "png-baseline-test-"));
  settings = {
    dir,
    update: false,
    pixelThreshold: 0.2,
    maxDiffShare: 0.01,
    updateCommand: "UPDATE_SCREENSHOTS=1 npx vitest run --project e2e tests/e2e/visual",
    failureDir: join(dir, "failures"),
  };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("screenshot baselines", () => {
  it("refuses a screenshot without a baseline and says how to record one, writing nothing", async () => {
    const outcome = compareWithBaseline("home-light-360", picture(0), settings);
    await expect(outcome).rejects.toBeInstanceOf(MissingBaselineError);
    await expect(outcome).rejects.toThrow(
      `no baseline ${join(dir, "home-light-360.png")} for the screenshot "home-light-360": record it with \`UPDATE_SCREENSHOTS=1 npx vitest run --project e2e tests/e2e/visual\``,
    );
    await expect(stat(join(dir, "home-light-360.png"))).rejects.toThrow(/ENOENT/);
  });

  it("records the baseline when asked, then matches the same picture", async () => {
    const recorded = await compareWithBaseline("home", picture(10), { ...settings, update: true });
    expect(recorded).toEqual({ kind: "recorded", path: join(dir, "home.png") });
    expect(await readFile(join(dir, "home.png"))).toEqual(picture(10));
    expect(await compareWithBaseline("home", picture(10), settings)).toEqual({ kind: "matched", diffShare: 0 });
  });

  it("tolerates up to 1% of the pixels differing, and refuses more with the actual and diff pictures written", async () => {
    await compareWithBaseline("review", picture(0), { ...settings, update: true });
    // 100 of 10,000 pixels: exactly 1%.
    expect(await compareWithBaseline("review", picture(100), settings)).toEqual({ kind: "matched", diffShare: 0.01 });

    const error = await compareWithBaseline("review", picture(101), settings).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScreenshotMismatchError);
    const mismatch = error as ScreenshotMismatchError;
    expect(mismatch.diffShare).toBe(0.0101);
    expect(mismatch.message).toContain('the screenshot "review" differs from its baseline in 1.01% of its pixels');
    expect(mismatch.actualPath).toBe(join(dir, "failures", "review.actual.png"));
    expect(mismatch.diffPath).toBe(join(dir, "failures", "review.diff.png"));
    expect(mismatch.message).toContain(`actual: ${mismatch.actualPath}, diff: ${mismatch.diffPath}`);
    expect(await readFile(mismatch.actualPath)).toEqual(picture(101));
    const diff = PNG.sync.read(await readFile(mismatch.diffPath));
    expect([diff.width, diff.height]).toEqual([100, 100]);
    // pixelmatch paints differing pixels red.
    expect([...diff.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
  });

  it("ignores colour differences under the per-pixel threshold", async () => {
    const light = new PNG({ width: 10, height: 10 });
    const lighter = new PNG({ width: 10, height: 10 });
    light.data.fill(250);
    lighter.data.fill(255);
    await compareWithBaseline("tint", PNG.sync.write(light), { ...settings, update: true });
    expect(await compareWithBaseline("tint", PNG.sync.write(lighter), settings)).toEqual({
      kind: "matched",
      diffShare: 0,
    });
  });

  it("counts a taller picture's extra rows as different and names both sizes", async () => {
    await compareWithBaseline("rewards", picture(0, 100, 100), { ...settings, update: true });
    const error = await compareWithBaseline("rewards", picture(0, 100, 110), settings).catch((caught) => caught);
    expect(error).toBeInstanceOf(ScreenshotMismatchError);
    // 1,000 of the 11,000 pixels exist only in the new picture.
    expect((error as ScreenshotMismatchError).diffShare).toBeCloseTo(1000 / 11000, 6);
    expect((error as Error).message).toContain("(it is 100×110 px, the baseline 100×100 px)");
  });
});
