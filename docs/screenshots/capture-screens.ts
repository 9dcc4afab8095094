/**
 * Regenerates the screenshots of home and rewards in docs/web-app.md (360 px and 1280 px, light and dark): builds
 * the devnet app, starts the local stack with two staked 0x01 validators and a 0x02 one of 40 ETH (104 ETH), twelve
 * recorded days (so the server measures an APR and the reward history has more than one page) and a 1 ETH partial
 * withdrawal from the 0x02 validator (withdrawn principal, its own line), and captures each view in Debian Chromium.
 * Run: `npx tsx docs/screenshots/capture-screens.ts`. With `REVIEW_DIR=<dir>` it also captures the other
 * dashboard screens (validators, operations, staking overview, an address without rewards) into that folder,
 * to look at before a change is called done.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import type { Address } from "viem";
import {
  advanceEthereumClock,
  requestWithdrawal,
  stakeThroughContract,
} from "../../tests/e2e/support/beacon-validators.ts";
import { passDays, stakeOwnerValidators } from "../../tests/e2e/support/staked-owner.ts";
import { startDevnetCapture } from "./devnet-capture.ts";

const here = dirname(fileURLToPath(import.meta.url));
const review = process.env.REVIEW_DIR;
const capture = await startDevnetCapture({ prefix: "screenshots-", devnetWallet: false });
const { server, browser, stack } = capture;
const owner = stack.devnet.ethereum.accounts[6] as Address;
const stranger = "0x000000000000000000000000000000000000dEaD";

/** Each screen: where it is, what shows it is ready, and the folder its file goes to. */
const screens: { name: string; path: string; ready: (page: Page) => Promise<unknown>; folder: string }[] = [
  {
    name: "home",
    path: "/",
    ready: (page) => page.locator(".live-rates[aria-busy='false'] .live-rates__source").waitFor(),
    folder: here,
  },
  {
    name: "rewards",
    path: `/ethereum/reward?address=${owner}&type=all&current=1`,
    ready: (page) => page.getByRole("img", { name: "Daily rewards" }).waitFor(),
    folder: here,
  },
];
if (review) {
  screens.push(
    {
      name: "validators",
      path: `/ethereum/validator?address=${owner}`,
      ready: (page) => page.locator(".validator-card h3").first().waitFor(),
      folder: review,
    },
    {
      name: "operations",
      path: `/ethereum/operation?address=${owner}`,
      ready: (page) => page.locator('tr[data-kind="stake"]').first().waitFor(),
      folder: review,
    },
    {
      name: "staking",
      path: `/ethereum/staking?address=${owner}`,
      ready: (page) => page.locator('[data-field="staked"] dd', { hasText: "ETH" }).waitFor(),
      folder: review,
    },
    {
      name: "rewards-empty",
      path: `/ethereum/reward?address=${stranger}&type=all&current=1`,
      ready: (page) => page.locator(".rewards-history .ui-empty").waitFor(),
      folder: review,
    },
    {
      name: "validators-empty",
      path: `/ethereum/validator?address=${stranger}`,
      ready: (page) => page.locator(".ui-empty").waitFor(),
      folder: review,
    },
    {
      name: "pool",
      path: "/conflux/espace/dashboard",
      ready: (page) => page.locator(".pool-dashboard .ui-stat--lead dd", { hasText: "%" }).waitFor(),
      folder: review,
    },
  );
}

try {
  await stakeOwnerValidators(stack, owner, 2);
  const compounding = await stakeThroughContract(stack, owner, { credentialType: "0x02", amount: "40" }, "docs-0x02");
  await stack.indexNow();
  await passDays(stack, 12);
  await requestWithdrawal(stack, owner, `0x${compounding.deposits[0]?.pubkey}`, 1_000_000_000n);
  await advanceEthereumClock(stack, 60);
  await stack.indexNow();
  for (const screen of screens) {
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
        await page.goto(screen.path);
        await screen.ready(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) console.warn(`${screen.name} ${width} ${theme}: the page scrolls sideways by ${overflow} px`);
        await page.screenshot({
          path: join(screen.folder, `${screen.name}-${width}-${theme}.png`),
          fullPage: screen.name !== "home",
        });
        await context.close();
      }
    }
  }
} finally {
  await capture.close();
}
