import { type Address, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { connectDevnetWallet, rejectWalletRequests, selectWalletAccount } from "./support/devnet-wallet.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

/**
 * The app's wallet kit with the real Devnet Wallet (EIP-6963) against the real local stack: the catalogue comes
 * from the staking server, balances from the devnet chains.
 */
const app = setUpAppUnderTest();
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

async function openApp() {
  const context = await app.newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await stack.forward(context);
  const page = await context.newPage();
  const catalogueRequests: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/wallet-catalogue/getWallets")) catalogueRequests.push(url);
  });
  await page.goto("/");
  await page.locator("main h1").first().waitFor();
  return { page, catalogueRequests };
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

describe("wallet kit in the app", () => {
  it("lists the server's wallet catalogue under All wallets and filters it by search", async () => {
    const { page, catalogueRequests } = await openApp();
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    const dialog = page.getByRole("dialog");
    // Featured (app.json walletKit.featuredWalletIds) and recommended wallets come from the server too.
    await dialog.getByRole("button", { name: "MetaMask" }).waitFor({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "All wallets" }).click();
    const grid = dialog.getByRole("list", { name: "All wallets" });
    await grid.getByRole("button", { name: "Ledger Live" }).waitFor({ timeout: 30_000 });
    expect(await grid.getByRole("button").count()).toBeGreaterThanOrEqual(11);
    await dialog.getByRole("searchbox").pressSequentially("wal");
    await expect
      .poll(() => grid.getByRole("button").allTextContents())
      .toEqual(["Coinbase Wallet", "OKX Wallet", "Uniswap Wallet"]);
    const searches = catalogueRequests.filter((url) => url.searchParams.has("search"));
    expect(searches.at(-1)?.searchParams.get("search")).toBe("wal");
    expect(searches.at(-1)?.searchParams.get("entries")).toBe("100");
    // Pages of 40 for the grid, filtered to the build's networks.
    const page1 = catalogueRequests.find((url) => url.searchParams.get("entries") === "40");
    expect(page1?.searchParams.get("page")).toBe("1");
    expect(page1?.searchParams.get("chains")?.split(",")).toContain("eip155:31337");
  });

  it("connects the Devnet Wallet, shows the balance floored to 3 decimals, follows an account switch", async () => {
    const [first, second] = stack.devnet.ethereum.accounts as [Address, Address];
    await stack.devnet.ethereum.client.setBalance({ address: first, value: parseEther("12.3456789") });
    await stack.devnet.ethereum.client.setBalance({ address: second, value: parseEther("7.0019") });
    const { page } = await openApp();
    await connectDevnetWallet(page);
    const button = page.getByRole("banner").locator("[data-modal-kit-button]");
    expect(await button.textContent()).toBe(short(first));
    await button.click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByTestId("mk-balance").textContent(), { timeout: 30_000 }).toBe("12.345 ETH");
    expect(await dialog.getByText("Network: Ethereum Devnet").count()).toBe(1);

    // The user picks another account in the wallet: the kit follows.
    await selectWalletAccount(page, second);
    await expect.poll(() => button.textContent(), { timeout: 30_000 }).toBe(short(second));
    await expect.poll(() => dialog.getByTestId("mk-balance").textContent(), { timeout: 30_000 }).toBe("7.001 ETH");
    expect(await dialog.getByText(short(second)).count()).toBe(1);
  });

  it("switches the wallet to the Conflux eSpace devnet from Account and shows its CFX balance", async () => {
    const [first] = stack.devnet.conflux.accounts as [Address];
    await stack.devnet.conflux.client.setBalance({ address: first, value: parseEther("3.14159") });
    const { page } = await openApp();
    await connectDevnetWallet(page);
    await page.getByRole("banner").locator("[data-modal-kit-button]").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Switch network" }).click();
    await dialog.getByRole("button", { name: "Conflux eSpace Devnet" }).click();
    await expect.poll(() => dialog.getByText("Network: Conflux eSpace Devnet").count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => dialog.getByTestId("mk-balance").textContent(), { timeout: 30_000 }).toBe("3.141 CFX");
    expect(
      await page.evaluate(() => (window as unknown as { devnetWallet: { chainId: number } }).devnetWallet.chainId),
    ).toBe(stack.devnet.conflux.client.chain?.id);
  });

  it("says 'Connection rejected' when the Devnet Wallet declines (4001), and connects on retry", async () => {
    const { page } = await openApp();
    await rejectWalletRequests(page, true);
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: /Devnet Wallet/ }).click({ timeout: 30_000 });
    await expect.poll(() => dialog.getByRole("alert").textContent(), { timeout: 30_000 }).toBe("Connection rejected");
    expect(await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).count()).toBe(1);
    await rejectWalletRequests(page, false);
    await dialog.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ }).waitFor({ timeout: 30_000 });
  });
});
