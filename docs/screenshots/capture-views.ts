import { join } from "node:path";
import type { Page } from "playwright-core";
import { LOOKS, showAs } from "../../tests/e2e/support/visual.ts";

/**
 * Captures the page in both themes at 360 px and 1280 px as `<name>-<width>-<theme>.png` in `dir`, shown as the
 * visual tests show it (the theme chosen as a visitor would, reduced motion: no colours caught mid-transition).
 */
export async function captureViews(page: Page, dir: string, name: string): Promise<void> {
  for (const look of LOOKS) {
    await showAs(page, look);
    await page.screenshot({ path: join(dir, `${name}-${look.width}-${look.theme}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
