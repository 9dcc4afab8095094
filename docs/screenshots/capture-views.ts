import { join } from "node:path";
import type { Page } from "playwright-core";

/** Captures the page at 1280 px and 360 px, light and dark, as `<name>-<width>-<theme>.png` in `dir`. */
export async function captureViews(page: Page, dir: string, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((chosen) => {
      document.documentElement.dataset.theme = chosen;
    }, theme);
    for (const [width, height] of [
      [1280, 800],
      [360, 740],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: join(dir, `${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
