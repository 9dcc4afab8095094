import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { secureFrame } from "./embedded-wallet-login.ts";

/**
 * With WALLET_APPROVAL_SCREENSHOTS=<dir>, captures the page with the secure frame's dialog up as
 * `<name>-<width>-<theme>.png` (1280 and 360 px, light and dark) for a person to look at. Either way it returns
 * once the frame takes clicks (see untilFrameTakesClicks), so the test's next click in the dialog is not lost.
 */
export async function captureFrameDialog(page: Page, secureOrigin: string, name: string): Promise<void> {
  const dir = process.env.WALLET_APPROVAL_SCREENSHOTS;
  if (!dir) return untilFrameTakesClicks(page, secureOrigin);
  await mkdir(dir, { recursive: true });
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((chosen) => {
      document.documentElement.dataset.theme = chosen;
    }, theme);
    await expect
      .poll(() => secureFrame(page, secureOrigin).evaluate(() => document.documentElement.dataset.theme))
      .toBe(theme);
    for (const [width, height] of [
      [1280, 800],
      [360, 740],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: join(dir, `${name}-${width}-${theme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await untilFrameTakesClicks(page, secureOrigin);
}

/**
 * Waits until a click on the dialog's heading (which does nothing) reaches the frame again. The frame watches its
 * own visibility (Intersection Observer v2), and Chromium then drops input to a cross-origin frame for a moment
 * after it moved or was resized, as the viewport changes above did (or the kit placing the frame for a request):
 * a click right after would be lost.
 */
export async function untilFrameTakesClicks(page: Page, secureOrigin: string): Promise<void> {
  const frame = secureFrame(page, secureOrigin);
  await frame.evaluate(() => {
    // The element that had the focus gets it back afterwards: a click on the heading would move it to the body.
    const probe = { clicked: false, focused: document.activeElement };
    Object.assign(window, { clickProbe: probe });
    document.getElementById("frame-title")?.addEventListener("click", () => {
      probe.clicked = true;
    });
  });
  await expect
    .poll(async () => {
      await frame.locator("#frame-title").click();
      return frame.evaluate(() => (window as unknown as { clickProbe: { clicked: boolean } }).clickProbe.clicked);
    })
    .toBe(true);
  await frame.evaluate(() => {
    const { focused } = (window as unknown as { clickProbe: { focused: Element | null } }).clickProbe;
    if (focused instanceof HTMLElement) focused.focus();
  });
}
