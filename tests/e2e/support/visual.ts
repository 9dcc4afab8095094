import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { compareWithBaseline } from "../../support/png-baseline.ts";

export type Theme = "light" | "dark";

/** The twelve pictures: each screen in both themes at a phone's and a desktop's width. */
export const LOOKS: ReadonlyArray<{ theme: Theme; width: number; height: number }> = [
  { theme: "light", width: 360, height: 740 },
  { theme: "dark", width: 360, height: 740 },
  { theme: "light", width: 1280, height: 800 },
  { theme: "dark", width: 1280, height: 800 },
];

const BASELINES = fileURLToPath(new URL("../__screenshots__/", import.meta.url));
const UPDATE_COMMAND = "UPDATE_SCREENSHOTS=1 npx vitest run --project e2e tests/e2e/visual";

/**
 * Puts the page in `theme` as a visitor who chose it would see it (localStorage "theme", <html data-theme>, the
 * system's prefers-color-scheme alike) at `width` × `height`, with reduced motion.
 */
export async function showAs(page: Page, look: { theme: Theme; width: number; height: number }): Promise<void> {
  await page.emulateMedia({ colorScheme: look.theme, reducedMotion: "reduce" });
  await page.setViewportSize({ width: look.width, height: look.height });
  await page.evaluate((theme) => {
    localStorage.setItem("theme", theme);
    document.documentElement.dataset.theme = theme;
  }, look.theme);
}

/** Waits until nothing in the page loads any more: no busy region, no skeleton, every font ready. */
export async function settle(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"], .ui-skeleton').count(), { timeout: 30_000 }).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * A full-page screenshot, animations stopped and the caret hidden, with `masks` painted over (parts that vary
 * from run to run: amounts, dates, fees), compared with tests/e2e/__screenshots__/<name>.png: at most 0.5% of
 * the pixels may differ by more than pixelmatch's threshold 0.2 (three runs in a row differed by at most 0.14%). UPDATE_SCREENSHOTS=1 records the baselines instead.
 * Resolves with the share of differing pixels (0 when recorded).
 */
export async function expectScreenshot(page: Page, name: string, masks: readonly Locator[] = []): Promise<number> {
  await settle(page);
  // From the top, so the sticky header sits at the top of the full-page picture, not where the page was scrolled.
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: "instant" }));
  const picture = await page.screenshot({
    fullPage: true,
    animations: "disabled",
    caret: "hide",
    mask: [...masks],
    maskColor: "#ff00ff",
  });
  const outcome = await compareWithBaseline(name, picture, {
    dir: BASELINES,
    update: process.env.UPDATE_SCREENSHOTS === "1",
    pixelThreshold: 0.2,
    maxDiffShare: 0.005,
    updateCommand: UPDATE_COMMAND,
  });
  const share = outcome.kind === "matched" ? outcome.diffShare : 0;
  console.info(`screenshot ${name}: ${outcome.kind}, ${(share * 100).toFixed(3)}% of the pixels differ`);
  return share;
}
