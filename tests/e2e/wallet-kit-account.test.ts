import type { Locator, Page } from "playwright-core";
import { type Address, erc20Abi, parseEther, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { connectDevnetWallet, rejectWalletRequests, selectWalletAccount } from "./support/devnet-wallet.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

/**
 * The kit's Account view against the real stack: balances, activity and names from the staking server's
 * blockchain API, transfers signed by the Devnet Wallet on the devnet chain.
 */
const app = setUpAppUnderTest();
let stack: LocalStack;

// networks/ethereum.json, devnet environment's tokens (seeded by devnet/install-tokens.ts).
const dUSD = "0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7";

beforeAll(async () => {
  stack = await startLocalStack();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

async function openAccount(prepare?: (page: Page) => Promise<void>) {
  const context = await app.newContext();
  // The kit's copy buttons write to the clipboard; the test reads it back.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
  await stack.forward(context);
  const page = await context.newPage();
  await prepare?.(page);
  await page.goto("/");
  await page.locator("main h1").first().waitFor();
  await connectDevnetWallet(page);
  await page.getByRole("banner").locator("[data-modal-kit-button]").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Account" }).waitFor();
  return { page, dialog };
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

const tokenRows = (dialog: Locator) => dialog.getByTestId("mk-tokens").getByRole("listitem");

describe("wallet kit Account", () => {
  it("shows ETH, dUSD and DVT balances and hides the decimals-0 SPAM token", async () => {
    const [holder] = stack.devnet.ethereum.accounts as [Address];
    await stack.devnet.ethereum.client.setBalance({ address: holder, value: parseEther("20") });
    const { page, dialog } = await openAccount();
    const rows = tokenRows(dialog);
    await expect
      .poll(() => rows.allInnerTexts(), { timeout: 30_000 })
      .toEqual([
        expect.stringMatching(/^ETH\s+Ether\s+20\s+\$0\.00$/),
        expect.stringMatching(/^dUSD\s+Devnet USD\s+2,?374\.5\s+\$0\.00$/),
        expect.stringMatching(/^DVT\s+Devnet Token\s+40\s+\$0\.00$/),
      ]);
    expect(await dialog.getByText("SPAM").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("sends 1.5 ETH and 10 dUSD to another dev account after showing the simulated fee, and confirms each send with its hash and the new balance", async () => {
    const [holder, friend] = stack.devnet.ethereum.accounts as [Address, Address];
    const client = stack.devnet.ethereum.client;
    const ethBefore = await client.getBalance({ address: friend });
    const usdBefore = await client.readContract({
      address: dUSD,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [friend],
    });
    const { page, dialog } = await openAccount();
    await tokenRows(dialog).first().waitFor({ timeout: 30_000 });

    const send = async (symbol: string, amount: string, newBalance: () => Promise<string>) => {
      await dialog.getByRole("button", { name: "Send", exact: true }).click();
      await dialog.getByRole("heading", { name: "Send" }).waitFor();
      // Nothing entered: the spec's first send error.
      await dialog.getByRole("button", { name: "Review" }).click();
      expect(await dialog.getByRole("alert").textContent()).toBe("An amount and receiver address are required");
      await dialog.getByLabel("Amount").fill(amount);
      await dialog.getByLabel("Receiver address").fill(friend.toLowerCase());
      await dialog.getByRole("button", { name: "Review" }).click();
      expect(await dialog.getByRole("alert").textContent()).toBe("A token is required");
      await dialog.getByLabel("Token", { exact: true }).selectOption(symbol);
      expect(await seriousViolations(dialog.page())).toEqual([]);
      await dialog.getByRole("button", { name: "Review" }).click();
      await expect
        .poll(() => dialog.getByTestId("mk-send-fee").textContent(), { timeout: 30_000 })
        .toMatch(/^Network fee: at most 0\.\d+ ETH$/);
      await dialog.getByRole("button", { name: "Send now" }).click();
      // Mined: the confirmation takes the form's place and the focus.
      await dialog.getByRole("heading", { name: "Transaction sent" }).waitFor({ timeout: 30_000 });
      const summary = dialog.getByTestId("mk-sent-summary");
      expect(await summary.textContent()).toBe(`${amount} ${symbol} sent to ${short(friend)}`);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("mk-sent-summary");
      const hash = (await dialog.getByTestId("mk-sent-hash").textContent()) ?? "";
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      // The hash is the transaction that moved the tokens.
      const receipt = await client.getTransactionReceipt({ hash: hash as `0x${string}` });
      expect([receipt.status, receipt.from]).toEqual(["success", holder.toLowerCase()]);
      // The devnet has no block explorer: said plainly, no link.
      expect(await dialog.getByTestId("mk-sent-no-explorer").textContent()).toBe(
        "Ethereum Devnet has no block explorer to link to: the hash above is how you find this transaction on the chain.",
      );
      expect(await dialog.getByRole("link", { name: /View the transaction/ }).count()).toBe(0);
      expect(await dialog.getByTestId("mk-sent-balance").textContent()).toBe(await newBalance());
      await dialog.getByRole("button", { name: "Copy transaction hash" }).click();
      await expect.poll(() => page.locator(".mk-toast").textContent()).toContain("Transaction hash copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hash);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Back to account" }).click();
      await dialog.getByRole("heading", { name: "Account" }).waitFor();
    };
    // What the holder has left, floored to 3 decimals like the kit's balances.
    await send("ETH", "1.5", async () => {
      const left = await client.getBalance({ address: holder });
      return `New balance: ${Number((left / 10n ** 15n).toString()) / 1000} ETH`;
    });
    await send("dUSD", "10", async () => "New balance: 2364.5 dUSD");

    expect((await client.getBalance({ address: friend })) - ethBefore).toBe(parseEther("1.5"));
    const usdAfter = await client.readContract({
      address: dUSD,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [friend],
    });
    expect(usdAfter - usdBefore).toBe(parseUnits("10", 6));
    // The balance list refreshed past its 30 s cache: 2374.5 - 10 dUSD.
    await expect
      // The rendered text, as the user reads it (textContent runs the cells together).
      // biome-ignore lint/performance/useDomNodeTextContent: see above
      .poll(() => tokenRows(dialog).nth(1).innerText(), { timeout: 30_000 })
      .toMatch(/^dUSD\s+Devnet USD\s+2,?364\.5\s/);

    // Activity: both transfers, newest first, and no SPAM.
    await dialog.getByRole("tab", { name: "Activity" }).click();
    const activity = dialog.getByTestId("mk-activity").getByRole("listitem");
    await activity.first().waitFor({ timeout: 30_000 });
    const texts = await activity.allInnerTexts();
    // Each row names the other party: the dUSD went to the friend, not to the dUSD contract the transaction called.
    expect(texts[0]).toMatch(new RegExp(`^Sent\\s+${short(friend)} · [\\s\\S]*−10 dUSD$`));
    expect(texts[1]).toMatch(new RegExp(`^Sent\\s+${short(friend)} · [\\s\\S]*−1\\.5 ETH$`));
    expect(texts.some((text) => text.includes(short(dUSD)))).toBe(false);
    expect(texts.some((text) => text.includes("SPAM"))).toBe(false);
    // The seeded 2500 dUSD received from the provider (dev account 9, who sent it) is there.
    const provider = stack.devnet.ethereum.accounts[9] as Address;
    expect(
      texts.some((text) => new RegExp(`^Received\\s+${short(provider)} · [\\s\\S]*\\+2500 dUSD$`).test(text)),
    ).toBe(true);
  });

  it("registers an account name and shows it in Account and the header; a declined signature stays with the spec's error", async () => {
    const [holder] = stack.devnet.ethereum.accounts as [Address];
    const { page, dialog } = await openAccount();
    await dialog.getByRole("button", { name: "Register an account name" }).click();
    await dialog.getByRole("heading", { name: "Choose your account name" }).waitFor();
    const input = dialog.getByLabel("Account name");
    expect(await seriousViolations(page)).toEqual([]);
    await input.fill("ab");
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    await input.fill("devnet-holder");
    await expect
      .poll(() => dialog.getByTestId("mk-name-availability").textContent(), { timeout: 30_000 })
      .toMatch(/^devnet-holder\.[a-z0-9-]+\.id is available$/);
    const fullName = ((await dialog.getByTestId("mk-name-availability").textContent()) ?? "").split(" ")[0];

    await rejectWalletRequests(page, true);
    await dialog.getByRole("button", { name: "Register" }).click();
    await expect
      .poll(() => dialog.getByRole("alert").textContent(), { timeout: 30_000 })
      .toBe(`Error registering name ${fullName}`);
    await dialog.getByRole("heading", { name: "Choose your account name" }).waitFor();

    await rejectWalletRequests(page, false);
    await dialog.getByRole("button", { name: "Register" }).click();
    await dialog.getByRole("heading", { name: "Name registered" }).waitFor({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "Back to account" }).click();
    await expect.poll(() => dialog.getByTestId("mk-profile-name").textContent(), { timeout: 30_000 }).toBe(fullName);
    // The profile name is set: the header's account button shows it in place of the address, and after a reload.
    const headerButton = page.getByRole("banner").locator("[data-modal-kit-button]");
    await expect.poll(() => headerButton.textContent(), { timeout: 30_000 }).toBe(fullName);
    await page.keyboard.press("Escape");
    await page.reload();
    await expect.poll(() => headerButton.textContent(), { timeout: 30_000 }).toBe(fullName);
    expect(await headerButton.getAttribute("title")).toBe(holder);
    await headerButton.click();
    await dialog.getByRole("heading", { name: "Account" }).waitFor();
    // The server agrees: its identity answer names the account.
    const identity = await fetch(
      `${stack.apiUrl}/blockchain-api/v1/identity/${holder}?projectId=e2e&st=modal-kit&sv=1`,
    ).then((response) => response.json());
    expect(identity).toEqual({ name: fullName, avatar: null });

    // Another account asking for the same name is told it is taken and offered free variations.
    const [, friend] = stack.devnet.ethereum.accounts as [Address, Address];
    await selectWalletAccount(page, friend);
    await page
      .getByRole("banner")
      .locator("[data-modal-kit-button]", { hasText: short(friend) })
      .waitFor();
    await dialog.getByRole("button", { name: "Register an account name" }).click();
    await dialog.getByLabel("Account name").fill("devnet-holder");
    await expect
      .poll(() => dialog.getByTestId("mk-name-availability").textContent(), { timeout: 30_000 })
      .toBe(`${fullName} is taken. Free names:`);
    expect(await dialog.getByRole("button", { name: "Register" }).isDisabled()).toBe(true);
    const suggestions = dialog.getByRole("list", { name: "Free names" }).getByRole("button");
    expect(await suggestions.first().textContent()).toBe(fullName?.replace("devnet-holder.", "devnet-holder-1."));
    await suggestions.first().click();
    await expect
      .poll(() => dialog.getByTestId("mk-name-availability").textContent(), { timeout: 30_000 })
      .toBe(`${fullName?.replace("devnet-holder.", "devnet-holder-1.")} is available`);
  });

  it("says 'Token Balance Unavailable' and 'Failed to fetch transactions' when the API fails, and asks for balances again only after 30 s", async () => {
    let balanceRequests = 0;
    const { page, dialog } = await openAccount(async (page) => {
      await page.clock.install();
      // The server's blockchain API is down: every balance and history request answers 503.
      await page.route(/\/blockchain-api\/v1\/account\/[^/]+\/(balance|history)/, (route) => {
        if (route.request().url().includes("/balance")) balanceRequests += 1;
        return route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ code: "unavailable", message: "upstream down" }),
        });
      });
    });
    const toast = page.locator(".mk-toast");
    await expect.poll(() => toast.textContent(), { timeout: 30_000 }).toContain("Token Balance Unavailable");
    expect(balanceRequests).toBe(1);
    // Reopening within 30 s shows the same toast without asking the server again.
    await page.keyboard.press("Escape");
    await page.getByRole("banner").locator("[data-modal-kit-button]").click();
    await dialog.getByRole("heading", { name: "Account" }).waitFor();
    await expect.poll(() => dialog.getByRole("tabpanel").textContent()).toBe("Token Balance Unavailable");
    expect(balanceRequests).toBe(1);
    await page.clock.fastForward(30_000);
    await expect.poll(() => balanceRequests, { timeout: 30_000 }).toBe(2);

    await dialog.getByRole("tab", { name: "Activity" }).click();
    await expect.poll(() => toast.textContent(), { timeout: 30_000 }).toContain("Failed to fetch transactions");
    expect(await dialog.getByRole("tabpanel").textContent()).toBe("No activity on this network yet");
  });

  it("keeps the native balance 30 s in local storage: a reload within 30 s shows it without asking the chain", async () => {
    const [holder] = stack.devnet.ethereum.accounts as [Address];
    const client = stack.devnet.ethereum.client;
    await client.setBalance({ address: holder, value: parseEther("30") });
    const { page, dialog } = await openAccount((page) => page.clock.install());
    await expect.poll(() => dialog.getByTestId("mk-balance").textContent(), { timeout: 30_000 }).toBe("30 ETH");
    await client.setBalance({ address: holder, value: parseEther("31") });
    await page.reload();
    // Connected again (the button shows dev account 0's name, registered above, or its address).
    const button = page.getByRole("banner").locator("[data-modal-kit-button][data-account-address]");
    await button.waitFor({ timeout: 30_000 });
    await button.click();
    await expect.poll(() => dialog.getByTestId("mk-balance").textContent(), { timeout: 30_000 }).toBe("30 ETH");
    await page.clock.fastForward(30_000);
    await expect.poll(() => dialog.getByTestId("mk-balance").textContent(), { timeout: 30_000 }).toBe("31 ETH");
  });

  it("pages the activity 50 at a time with the server's cursor", async () => {
    const [, , , receiver, sender] = stack.devnet.ethereum.accounts as [Address, Address, Address, Address, Address];
    const client = stack.devnet.ethereum.client;
    for (let count = 0; count < 51; count += 1) {
      await client.sendTransaction({ account: sender, to: receiver, value: parseEther("0.001"), chain: null });
    }
    const { page, dialog } = await openAccount();
    await selectWalletAccount(page, receiver);
    await page
      .getByRole("banner")
      .locator("[data-modal-kit-button]", { hasText: short(receiver) })
      .waitFor();
    await dialog.getByRole("tab", { name: "Activity" }).click();
    const rows = dialog.getByTestId("mk-activity").getByRole("listitem");
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(50);
    await dialog.getByRole("button", { name: "Load more" }).click();
    // Dev account 4's 51 transfers are all of this account's activity: the second page is the last.
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(51);
    expect(await dialog.getByRole("button", { name: "Load more" }).count()).toBe(0);
    await expect.poll(() => rows.filter({ hasText: /\+0\.001 ETH$/ }).count()).toBe(51);
  });
});
