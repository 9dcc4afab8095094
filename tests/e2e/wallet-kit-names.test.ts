import type { Page } from "playwright-core";
import type { Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { connectDevnetWallet, selectWalletAccount } from "./support/devnet-wallet.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

/**
 * The Account view's name from the kit's reverse lookup (v1/profile/reverse/{address}) against the real stack: a
 * name registered through the server's POST v1/profile/account shows; a failing lookup says 'Error fetching
 * names for address' and the view goes on with the address.
 */
const app = setUpAppUnderTest();
let stack: LocalStack;

// anvil's first dev account: a well-known test key, never used for value.
const holder = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
// ENSIP-11 coin type of chain 31337: 0x80000000 | 31337.
const DEVNET_COIN_TYPE = 2_147_514_985;
const NAME = "kit-names-holder.meridian.id";

beforeAll(async () => {
  stack = await startLocalStack();
  expect(stack.devnet.ethereum.accounts[0]).toBe(holder.address);
  const message = JSON.stringify({ name: NAME, attributes: {}, timestamp: Math.floor(Date.now() / 1000) });
  const response = await fetch(`${stack.apiUrl}/blockchain-api/v1/profile/account?projectId=e2e&st=e2e&sv=1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      coin_type: DEVNET_COIN_TYPE,
      address: holder.address,
      message,
      signature: await holder.signMessage({ message }),
    }),
  });
  expect(response.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

async function openAccount(prepare?: (page: Page) => Promise<void>, account?: Address) {
  const context = await app.newContext();
  await stack.forward(context);
  const page = await context.newPage();
  const lookups: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.includes("/blockchain-api/v1/profile/reverse/")) lookups.push(url);
  });
  await prepare?.(page);
  await page.goto("/");
  await page.locator("main h1").first().waitFor();
  await connectDevnetWallet(page);
  if (account) {
    await selectWalletAccount(page, account);
    await page
      .getByRole("banner")
      .locator("[data-modal-kit-button]", { hasText: short(account) })
      .waitFor();
  }
  await page.getByRole("banner").locator("[data-modal-kit-button]").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Account" }).waitFor();
  return { page, dialog, lookups };
}

describe("wallet kit account names", () => {
  it("shows the name registered through the server for the connected account", async () => {
    const { page, dialog, lookups } = await openAccount();
    await expect.poll(() => dialog.getByTestId("mk-profile-name").textContent(), { timeout: 30_000 }).toBe(NAME);
    expect(await dialog.locator(".mk-address").textContent()).toBe(short(holder.address));
    // The header's account button shows the profile name too, the address as its title.
    const headerButton = page.getByRole("banner").locator("[data-modal-kit-button]");
    await expect.poll(() => headerButton.textContent()).toBe(NAME);
    expect(await headerButton.getAttribute("title")).toBe(holder.address);
    // Asked by the reverse lookup, with the client query, the sender and API version 2.
    const [lookup] = lookups;
    expect(lookup?.pathname).toBe(`/blockchain-api/v1/profile/reverse/${holder.address}`);
    expect(Object.fromEntries(lookup?.searchParams ?? [])).toMatchObject({
      sender: holder.address,
      apiVersion: "2",
      st: "modal-kit",
    });
    // A named account is not offered to register another.
    expect(await dialog.getByRole("button", { name: "Register an account name" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("says 'Error fetching names for address' when the lookup fails, and still shows the account's address", async () => {
    const [, friend] = stack.devnet.ethereum.accounts as [Address, Address];
    const { page, dialog, lookups } = await openAccount(async (page) => {
      // The server's name lookup fails: every reverse lookup answers 500.
      await page.route(/\/blockchain-api\/v1\/profile\/reverse\//, (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ code: "internal", message: "database unavailable" }),
        }),
      );
    }, friend);
    await expect
      .poll(() => page.locator(".mk-toast").textContent(), { timeout: 30_000 })
      .toContain("Error fetching names for address");
    expect(lookups.length).toBeGreaterThan(0);
    expect(await dialog.locator(".mk-address").textContent()).toBe(short(friend));
    expect(await dialog.getByTestId("mk-profile-name").count()).toBe(0);
    // The rest of the view is there: balances and the way to register a name.
    await dialog.getByTestId("mk-tokens").getByRole("listitem").first().waitFor({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "Register an account name" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("falls back to the identity's name when the lookup fails", async () => {
    const { page, dialog } = await openAccount(async (page) => {
      await page.route(/\/blockchain-api\/v1\/profile\/reverse\//, (route) => route.abort("connectionrefused"));
    });
    await expect
      .poll(() => page.locator(".mk-toast").textContent(), { timeout: 30_000 })
      .toContain("Error fetching names for address");
    await expect.poll(() => dialog.getByTestId("mk-profile-name").textContent(), { timeout: 30_000 }).toBe(NAME);
    await page.context().close();
  });

  it("refuses a name over 63 characters under the field as too long, and asks the server nothing", async () => {
    const [, , third] = stack.devnet.ethereum.accounts as [Address, Address, Address];
    const suggestions: string[] = [];
    const { page, dialog } = await openAccount(async (page) => {
      page.on("request", (request) => {
        if (request.url().includes("/blockchain-api/v1/profile/suggestions/")) suggestions.push(request.url());
      });
    }, third);
    await dialog.getByRole("button", { name: "Register an account name" }).click();
    await dialog.getByRole("heading", { name: "Choose your account name" }).waitFor();
    const input = dialog.getByLabel("Account name");
    await input.fill("a".repeat(64));
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toBe("This name is too long: an account name has at most 63 characters, this one has 64.");
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    expect(await input.getAttribute("aria-describedby")).toContain(await dialog.getByRole("alert").getAttribute("id"));
    await input.fill("my stake");
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toBe("Use only letters, digits and hyphens: no spaces, dots or other signs.");
    expect(await dialog.getByRole("button", { name: "Register" }).isDisabled()).toBe(true);
    expect(await dialog.getByText("Error fetching name suggestions").count()).toBe(0);
    expect(suggestions).toEqual([]);
    // 63 characters are asked about.
    await input.fill("a".repeat(63));
    await expect.poll(() => suggestions.length, { timeout: 30_000 }).toBe(1);
    await expect
      .poll(() => dialog.getByTestId("mk-name-availability").textContent(), { timeout: 30_000 })
      .toMatch(/^a{63}\.[a-z0-9-]+\.id is available$/);
    expect(await dialog.getByRole("alert").count()).toBe(0);
    await page.context().close();
  });
});
