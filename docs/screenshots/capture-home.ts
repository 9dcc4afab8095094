/**
 * Regenerates the README's home page screenshots (360 px and 1280 px, light and dark): builds the devnet app,
 * starts the local stack with one staked validator and two recorded days (so the server measures an APR),
 * and captures each view in Debian Chromium. Run: `npx tsx docs/screenshots/capture-home.ts`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Address } from "viem";
import { build } from "vite";
import { launchChromium } from "../../tests/e2e/support/browser.ts";
import { startLocalStack } from "../../tests/e2e/support/local-stack.ts";
import { passDays, stakeOwnerValidators } from "../../tests/e2e/support/staked-owner.ts";
import { startStaticServer } from "../../tests/e2e/support/static-server.ts";

const here = dirname(fileURLToPath(import.meta.url));
const dist = await mkdtemp(join(tmpdir(), "home-screenshots-"));
process.env.VITE_APP_ENVIRONMENT = "devnet";
await build({ mode: "production", logLevel: "warn", build: { outDir: dist, emptyOutDir: true, sourcemap: false } });
const [server, browser, stack] = await Promise.all([
  startStaticServer(dist),
  launchChromium(),
  startLocalStack({ indexerIntervalMs: 3_600_000 }),
]);
try {
  await stakeOwnerValidators(stack, stack.devnet.ethereum.accounts[6] as Address, 1);
  await stack.indexNow();
  await passDays(stack, 2);
  for (const theme of ["light", "dark"] as const) {
    for (const [width, height] of [
      [360, 740],
      [1280, 800],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width, height },
        baseURL: server.url,
        colorScheme: theme,
      });
      await stack.forward(context);
      const page = await context.newPage();
      await page.goto("/");
      await page.locator(".live-rates[aria-busy='false']").waitFor();
      await page.locator(".live-rates__source").waitFor();
      await page.screenshot({ path: join(here, `home-${width}-${theme}.png`) });
      await context.close();
    }
  }
} finally {
  await Promise.all([browser.close(), server.close(), stack.stop()]);
  await rm(dist, { recursive: true, force: true });
}
