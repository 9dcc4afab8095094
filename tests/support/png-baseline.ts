import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

export interface BaselineSettings {
  /** The folder of the stored baselines (<name>.png). */
  readonly dir: string;
  /** Record `actual` as the new baseline instead of comparing (UPDATE_SCREENSHOTS=1). */
  readonly update: boolean;
  /** pixelmatch's per-pixel colour threshold (0 to 1): how different one pixel may be and still match. */
  readonly pixelThreshold: number;
  /** The share of pixels (0 to 1) that may differ before the picture no longer matches. */
  readonly maxDiffShare: number;
  /** How to re-record the baselines, named in the error when one is missing or differs. */
  readonly updateCommand: string;
  /** Where a mismatch's actual and diff pictures go; a temp folder of this process by default. */
  readonly failureDir?: string;
}

export type BaselineOutcome =
  | { readonly kind: "recorded"; readonly path: string }
  | { readonly kind: "matched"; readonly diffShare: number };

/** A screenshot has no stored baseline; it is never recorded unless asked for. */
export class MissingBaselineError extends Error {
  constructor(
    readonly screenshot: string,
    readonly baselinePath: string,
    updateCommand: string,
  ) {
    super(`no baseline ${baselinePath} for the screenshot "${screenshot}": record it with \`${updateCommand}\``);
  }
}

/** A screenshot differs from its baseline by more than the allowed share of pixels. */
export class ScreenshotMismatchError extends Error {
  constructor(
    readonly screenshot: string,
    readonly diffShare: number,
    readonly actualPath: string,
    readonly diffPath: string,
    detail: string,
  ) {
    super(
      `the screenshot "${screenshot}" differs from its baseline in ${(diffShare * 100).toFixed(2)}% of its pixels${detail}; actual: ${actualPath}, diff: ${diffPath}`,
    );
  }
}

let outputDir: Promise<string> | undefined;
/** One temp folder per test process for the actual and diff pictures of failed comparisons. */
function failureDir(): Promise<string> {
  outputDir ??= mkdtemp(join(tmpdir(), "stake-screenshots-"));
  return outputDir;
}

/** `png` on a transparent canvas of width × height (the larger of two pictures), so both can be compared. */
function padded(png: PNG, width: number, height: number): PNG {
  if (png.width === width && png.height === height) return png;
  const canvas = new PNG({ width, height });
  PNG.bitblt(png, canvas, 0, 0, png.width, png.height, 0, 0);
  return canvas;
}

/**
 * Compares a PNG with the stored baseline `<dir>/<name>.png` (or records it when `update`): matches when at
 * most `maxDiffShare` of the pixels differ by more than `pixelThreshold`. A size difference counts the pixels
 * only one picture has as different. On a mismatch the actual picture and a diff are written to a temp folder
 * and named in the error.
 */
export async function compareWithBaseline(
  name: string,
  actual: Buffer,
  settings: BaselineSettings,
): Promise<BaselineOutcome> {
  const baselinePath = join(settings.dir, `${name}.png`);
  if (settings.update) {
    await mkdir(settings.dir, { recursive: true });
    await writeFile(baselinePath, actual);
    return { kind: "recorded", path: baselinePath };
  }
  const stored = await readFile(baselinePath).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") throw new MissingBaselineError(name, baselinePath, settings.updateCommand);
    throw error;
  });
  const expected = PNG.sync.read(stored);
  const got = PNG.sync.read(actual);
  const width = Math.max(expected.width, got.width);
  const height = Math.max(expected.height, got.height);
  const diff = new PNG({ width, height });
  const differing = pixelmatch(
    padded(expected, width, height).data,
    padded(got, width, height).data,
    diff.data,
    width,
    height,
    { threshold: settings.pixelThreshold },
  );
  const diffShare = differing / (width * height);
  if (diffShare <= settings.maxDiffShare) return { kind: "matched", diffShare };
  const dir = settings.failureDir ?? (await failureDir());
  await mkdir(dir, { recursive: true });
  const actualPath = join(dir, `${name}.actual.png`);
  const diffPath = join(dir, `${name}.diff.png`);
  await Promise.all([writeFile(actualPath, actual), writeFile(diffPath, PNG.sync.write(diff))]);
  const sized =
    expected.width === got.width && expected.height === got.height
      ? ""
      : ` (it is ${got.width}×${got.height} px, the baseline ${expected.width}×${expected.height} px)`;
  throw new ScreenshotMismatchError(
    name,
    diffShare,
    actualPath,
    diffPath,
    `${sized} (at most ${settings.maxDiffShare * 100}% may; re-record with \`${settings.updateCommand}\` if the change is intended)`,
  );
}
