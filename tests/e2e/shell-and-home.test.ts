import type { BrowserContext, Page } from "playwright-core";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../../server/web/inline-script-hashes.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { connectDevnetWallet } from "./support/devnet-wallet.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";
import { passDays, stakeOwnerValidators } from "./support/staked-owner.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;
beforeAll(async () => {
  // A staked owner and two recorded days of rewards on the devnet.
  stack = await startLocalStack({ indexerIntervalMs: 3_600_000 });
  await stakeOwnerValidators(stack, stack.devnet.ethereum.accounts[6] as Address, 1);
  await stack.indexNow();
  await passDays(stack, 2);
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

async function openIn(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await page.locator("main h1").first().waitFor();
  return page;
}

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not shown`);
  return found;
};

describe("header on a 360 px phone", () => {
  it("keeps brand, wallet and menu button on one row; the menu opens from the keyboard and Escape closes it", async () => {
    const page = await app.open("/", { width: 360, height: 740 });
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    expect((await box(page, ".site-header")).height).toBeLessThanOrEqual(72);
    const rows = await Promise.all(
      [".brand", "[data-modal-kit-button]", ".ui-menu__button"].map((selector) => box(page, selector)),
    );
    const middle = (item: { y: number; height: number }) => item.y + item.height / 2;
    const [brand] = rows;
    for (const item of rows) {
      expect(Math.abs(middle(item) - middle(brand ?? item))).toBeLessThanOrEqual(2);
      expect(item.x + item.width).toBeLessThanOrEqual(360);
    }
    expect(await nav.isVisible()).toBe(false);

    await menu.focus();
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "Home",
      "Rewards calculator",
      "Institution staking",
      "Contact",
    ]);
    expect(await nav.isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Home");
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await nav.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Menu");

    // Following a link closes the menu.
    await page.keyboard.press("Space");
    await nav.getByRole("link", { name: "Contact" }).click();
    await page.waitForURL("**/contact");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
  });
});

/** The header's controls as shown (hidden ones left out), left to right, each with its name and box. */
async function headerControls(page: Page) {
  return page.locator(".site-header__inner").evaluate((inner) => {
    const controls = inner.querySelectorAll<HTMLElement>(
      ".brand, .site-nav a, .my-stakes__button, .language-switch select, .ui-theme-toggle, [data-modal-kit-button], .ui-menu__button",
    );
    return [...controls]
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.matches("select")
          ? "language"
          : (element.getAttribute("aria-label") ?? element.textContent ?? "").trim();
        return { name, x: box.x, y: box.y, width: box.width, height: box.height };
      })
      .filter((control) => control.width > 0)
      .sort((a, b) => a.x - b.x);
  });
}

describe("header with a wallet connected", () => {
  it("holds every control on one row, none overlapping, at 360 to 1920 px in English and Chinese; under 1280 px the navigation folds into the menu", async () => {
    const context = await app.newContext({ width: 1280, height: 800, bypassCSP: true });
    await stack.forward(context);
    const page = await openIn(context, "/");
    await connectDevnetWallet(page);
    const findings: string[] = [];
    for (const language of ["en_US", "zh_CN"] as const) {
      const myStakes = language === "en_US" ? "My stakes" : "我的质押";
      if (language === "zh_CN") {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.getByRole("banner").getByRole("combobox").selectOption("zh_CN");
        await page.getByRole("button", { name: myStakes }).waitFor();
      }
      for (const width of [360, 1024, 1100, 1279, 1280, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        const where = `${language} at ${width} px`;
        // Folded under 1280 px: brand, wallet and Menu; otherwise brand, the four links, My stakes, language,
        // theme and the account button. Read once the width's media query has refolded the header.
        await expect
          .poll(async () => (await headerControls(page)).length, { message: where })
          .toBe(width < 1280 ? 3 : 9);
        const controls = await headerControls(page);
        const names = controls.map((control) => control.name);
        if (width < 1280) {
          expect(names.length, where).toBe(3);
          expect(names[2], where).toBe(language === "en_US" ? "Menu" : "菜单");
        } else {
          expect(names.length, where).toBe(9);
          expect(names, where).toContain(myStakes);
          expect(names, where).toContain("language");
        }
        expect((await box(page, ".site-header")).height, where).toBeLessThanOrEqual(72);
        const middle = (control: { y: number; height: number }) => control.y + control.height / 2;
        const [first] = controls;
        controls.forEach((control, index) => {
          expect(Math.abs(middle(control) - middle(first ?? control)), `${where}: ${control.name}`).toBeLessThanOrEqual(
            2,
          );
          expect(control.x + control.width, `${where}: ${control.name}`).toBeLessThanOrEqual(width);
          const previous = controls[index - 1];
          if (previous)
            expect(control.x, `${where}: ${control.name} over ${previous.name}`).toBeGreaterThanOrEqual(
              previous.x + previous.width,
            );
        });
        findings.push(...(await seriousViolations(page)).map((finding) => `${where}: ${finding}`));
      }
    }
    expect(findings).toEqual([]);

    // Folded at 1100 px: the menu holds the links, My stakes, language and theme; My stakes opens inside it, and
    // Escape closes My stakes first, then the menu.
    await page.getByRole("banner").getByRole("combobox").selectOption("en_US");
    await page.setViewportSize({ width: 1100, height: 800 });
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    const stakes = page.getByRole("button", { name: "My stakes" });
    await stakes.click();
    expect(await stakes.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await stakes.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.classList.contains("ui-menu__button"))).toBe(true);
    // Wide again, the links are back in the row and the menu button is gone.
    await page.setViewportSize({ width: 1280, height: 800 });
    // The header refolds when the width's media query reports the change: wait for it, not for a fixed time.
    await expect.poll(() => page.locator(".ui-menu__button").count()).toBe(0);
    expect(await page.getByRole("navigation").first().isVisible()).toBe(true);
  }, 120_000);
});

describe("theme", () => {
  it("is the system's dark theme before the page's body exists, under a policy allowing only the page's inline script by hash", async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.route("**/*", async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      // The policy the staking server sends: this origin's scripts and the page's own inline script by its hash.
      const hashes = inlineScriptHashes(await response.text()).join(" ");
      return route.fulfill({
        response,
        headers: { ...response.headers(), "content-security-policy": `script-src 'self' ${hashes}; object-src 'none'` },
      });
    });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      const record = new MutationObserver(() => {
        if (!document.body) return;
        document.body.dataset.themeAtBody = document.documentElement.dataset.theme ?? "none";
        record.disconnect();
      });
      record.observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    await page.locator("main h1").waitFor();
    expect(await page.evaluate(() => document.body.dataset.themeAtBody)).toBe("dark");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      "rgb(11, 15, 23)",
    );
    expect(violations).toEqual([]);
  });

  it("switches from the header, keeps the choice across reloads, and the wallet modal follows it", async () => {
    const page = await app.open("/");
    const toggle = page.getByRole("button", { name: "Dark theme" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      "rgb(245, 247, 251)",
    );
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await page.reload();
    await page.locator("main h1").waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    expect(await page.getByRole("button", { name: "Dark theme" }).getAttribute("aria-pressed")).toBe("true");

    await page.getByRole("button", { name: "Connect wallet" }).click();
    const dialog = page.locator(".mk-dialog");
    await dialog.waitFor();
    // The modal's surface and text are the app's dark surface and text, not the kit's own dark colours.
    expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(20, 26, 36)");
    expect(await dialog.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(232, 237, 245)");
  });
});

describe("home page", () => {
  it("shows skeletons while the live rates load, then what the server measured: the devnet's rate over its epochs", async () => {
    const context = await app.newContext();
    await stack.forward(context);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route("**/stats/networks", async (route) => {
      await held;
      await route.fallback();
    });
    const page = await openIn(context, "/");
    const rates = page.locator(".live-rates");
    expect(await rates.getAttribute("aria-busy")).toBe("true");
    expect(await rates.locator(".ui-skeleton").count()).toBeGreaterThan(0);
    expect(await rates.locator(".ui-stat", { hasText: "Networks open for staking" }).locator("dd").textContent()).toBe(
      "2",
    );
    release();
    // The staked owner's 32 ETH validator, as the server counts it.
    const staked = rates.locator(".ui-stat", { hasText: "Staked on Ethereum" });
    await expect.poll(() => staked.locator("dd").textContent()).toMatch(/^3\d(\.\d+)? ETH$/);
    expect(await rates.getAttribute("aria-busy")).toBe("false");
    expect(await rates.locator(".ui-skeleton").count()).toBe(0);
    // Two devnet chain days are 43,200 epochs (1-second slots, 4-slot epochs), 192 days of 225: annualised over
    // them, a 32 ETH validator earning the devnet's 11,104 gwei an epoch reads 2.85 %, and somewhat more with
    // the execution rewards of the blocks it proposed meanwhile (0.01 ETH each, every 4 seconds of real time
    // between the indexer's passes). Counted per chain day, this read 591 %.
    const apr = rates.locator(".ui-stat", { hasText: "Ethereum APR" }).locator("dd");
    await expect.poll(() => apr.textContent()).toMatch(/^\d+\.\d\d% \(measured\)$/);
    const measured = Number((await apr.textContent())?.split("%")[0]);
    expect(measured).toBeGreaterThanOrEqual(2.8);
    expect(measured).toBeLessThan(4);
    expect(
      await page.locator(".network-card", { hasText: "Ethereum" }).locator('[data-field="apr"] dd').textContent(),
    ).toBe(`${measured.toFixed(2)}% (measured)`);
    // A network the server measures nothing on shows its indicative reference rate from config.
    expect(await rates.locator(".ui-stat", { hasText: "Avalanche APR" }).locator("dd").textContent()).toBe(
      "7% (reference)",
    );
  });

  it("says the live rates cannot be reached while the server does not answer, and tries again on request", async () => {
    const context = await app.newContext();
    const refuse = (route: { abort(code: string): Promise<void> }) => route.abort("connectionrefused");
    await context.route("**/stats/networks", refuse);
    const page = await openIn(context, "/");
    const rates = page.locator(".live-rates");
    await expect
      .poll(() => rates.getByRole("status").textContent())
      .toContain(
        "Live rates cannot be reached right now; the cards below show the reference rates in this app's settings.",
      );
    await context.unroute("**/stats/networks", refuse);
    await stack.forward(context);
    await rates.getByRole("button", { name: "Try again" }).click();
    await expect
      .poll(() => rates.locator(".ui-stat", { hasText: "Staked on Ethereum" }).locator("dd").textContent())
      .toMatch(/^3\d(\.\d+)? ETH$/);
    expect(await rates.getByRole("status").count()).toBe(0);
  });

  it("shows each network's own icon on its card", async () => {
    const page = await app.open("/");
    // Images load after the page shows: wait until every icon has loaded.
    const icons = () =>
      page.locator(".network-card").evaluateAll((cards) =>
        cards.map((card) => {
          const image = card.querySelector("img");
          return {
            name: card.querySelector("h3")?.firstChild?.textContent?.trim(),
            file: image?.getAttribute("src")?.replace(/^.*\/([a-z]+)-[\w-]+\.svg$/, "$1.svg"),
            loaded: (image?.naturalWidth ?? 0) > 0,
          };
        }),
      );
    await expect.poll(icons).toEqual(
      ["ethereum", "avalanche", "manta", "lava", "fantom", "conflux", "cosmos"].map((slug) => ({
        name: slug[0]?.toUpperCase() + slug.slice(1),
        file: `${slug}.svg`,
        loaded: true,
      })),
    );
  });

  it("links the footer to the provider's pages from app.json", async () => {
    const page = await app.open("/");
    const links = page.getByRole("navigation", { name: "Meridian links" }).getByRole("link");
    expect(
      await links.evaluateAll((anchors) => anchors.map((anchor) => [anchor.textContent, anchor.getAttribute("href")])),
    ).toEqual([
      ["Website", "https://meridian.example"],
      ["Documentation", "https://docs.meridian.example"],
      ["Staking tutorial", "https://docs.meridian.example/staking-tutorial"],
      ["DVT tool", "https://docs.meridian.example/dvt-tool"],
    ]);
  });
});
