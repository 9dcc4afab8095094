import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BrowserHarness, startBrowserHarness } from "./browser-harness.ts";

let harness: BrowserHarness;
let page: Page;

beforeAll(async () => {
  harness = await startBrowserHarness({ secondChain: true });
  // A balance that shows the floor to 3 decimals: 1.234567 ETH on the second chain.
  await fetch(harness.secondAnvil?.rpcUrl ?? "", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "anvil_setBalance",
      params: ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x1121d33597384000"],
    }),
  });
}, 120_000);
afterAll(() => harness?.close());
beforeEach(async () => {
  page = await harness.newPage();
}, 120_000);

const dialog = () => page.getByRole("dialog");

async function connect() {
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await dialog()
    .getByRole("button", { name: /Devnet Test Wallet/ })
    .click({ timeout: 60_000 });
  await expect
    .poll(() => page.locator("[data-modal-kit-button]").textContent(), { timeout: 30_000 })
    .toBe("0xf39F…2266");
}

describe("networks in Chromium", () => {
  it("adds a network the wallet does not know (4902) with the config's chain data, then shows its balance", async () => {
    await connect();
    await page.locator("[data-modal-kit-button]").click();
    await dialog().getByRole("button", { name: "Switch network" }).click();
    await dialog().getByRole("button", { name: "Devnet Two" }).click();
    await expect.poll(() => dialog().getByText("Network: Devnet Two").count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => dialog().getByTestId("mk-balance").textContent(), { timeout: 30_000 }).toBe("1.234 ETH");
    const added = await page.evaluate(() => (window as unknown as { __addedChains: unknown[] }).__addedChains);
    expect(added).toEqual([
      {
        chainId: "0x7a6a",
        chainName: "Devnet Two",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: [harness.secondAnvil?.rpcUrl],
      },
    ]);
  }, 120_000);

  it("opens UnsupportedChain when the wallet moves to a network the app does not offer, and switches back", async () => {
    await connect();
    await page.evaluate(() => (window as unknown as { __walletMoveTo: (id: string) => void }).__walletMoveTo("0x1"));
    await expect
      .poll(() => dialog().getByRole("heading").textContent(), { timeout: 30_000 })
      .toBe("Unsupported network");
    await dialog().getByRole("button", { name: "Ethereum Devnet" }).click();
    await expect.poll(() => dialog().getByRole("heading").textContent(), { timeout: 30_000 }).toBe("Account");
    expect(await dialog().getByText("Network: Ethereum Devnet").count()).toBe(1);
  }, 120_000);
});
