import type { Page } from "playwright-core";
import { createPublicClient, type Hex, http, parseEther, stringToHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { type EmailWalletStack, startEmailWalletStack } from "./support/email-wallet-stack.ts";
import { secureFrame } from "./support/embedded-wallet-login.ts";
import { askFrame as askSecureFrame, connectedWallet } from "./support/frame-approvals.ts";
import { captureFrameDialog, untilFrameTakesClicks } from "./support/frame-screenshots.ts";

/**
 * Issue 19: the frame's approvals read in coin and network terms, in the app's language; wallet_sendCalls is
 * approved once for all its calls (through the kit's provider, which the test build exposes as
 * window.__embeddedWallet); a failed sign-out keeps the wallet connected. With
 * WALLET_APPROVAL_SCREENSHOTS=<dir> the dialogs are also captured there (360/1280 px, light/dark, zh_CN).
 */
const app = setUpAppUnderTest();
const RECEIVER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
let stack: EmailWalletStack;
let secureOrigin: string;

beforeAll(async () => {
  stack = await startEmailWalletStack(app.url);
  secureOrigin = stack.embeddedWallet.secureOrigin;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const connectedWalletHere = (email: string) => connectedWallet(app, stack, email);
const askFrame = (page: Page, method: string, params: readonly unknown[]) =>
  askSecureFrame(page, secureOrigin, method, params);

/** A plain transfer prepared as the kit prepares one: 21,000 gas at at most 2 gwei, on the Ethereum devnet. */
const transfer = (nonce: number, value: string) => ({
  to: RECEIVER,
  value: `0x${parseEther(value).toString(16)}`,
  nonce: `0x${nonce.toString(16)}`,
  gas: "0x5208",
  maxFeePerGas: "0x77359400",
  maxPriorityFeePerGas: "0x3b9aca00",
  chainId: "0x7a69",
});

describe("the secure frame's approvals", () => {
  it("sends two calls with one approval (wallet_sendCalls): the dialog lists each call and the total; mined in order", async () => {
    const { page, frame, address } = await connectedWalletHere("batch@example.com");
    const chain = createPublicClient({ transport: http(stack.devnet.ethereum.anvil.rpcUrl) });
    const nonce = await chain.getTransactionCount({ address, blockTag: "pending" });
    const calls = [
      { to: RECEIVER, value: `0x${parseEther("1").toString(16)}` },
      { to: RECEIVER, value: `0x${parseEther("2").toString(16)}` },
    ];
    // An app that needs the calls to run atomically is told this wallet cannot (EIP-5792 5760), before any dialog.
    const atomic = await page.evaluate(
      (batch) =>
        window.__embeddedWallet
          ?.request({ method: "wallet_sendCalls", params: [{ version: "2.0.0", atomicRequired: true, calls: batch }] })
          .catch((error: { code: number }) => error.code),
      calls,
    );
    expect(atomic).toBe(5760);
    // The kit's provider, as a dapp calls it: prepared here, approved once in the frame, broadcast in order.
    const sending = page.evaluate(
      (batch) =>
        window.__embeddedWallet?.request({
          method: "wallet_sendCalls",
          params: [{ version: "2.0.0", chainId: "0x7a69", atomicRequired: false, calls: batch }],
        }) as Promise<{ id: string }>,
      calls,
    );
    await frame.getByRole("heading", { name: "Send these 2 transactions?" }).waitFor({ timeout: 30_000 });
    const dialog = frame.getByRole("dialog");
    expect(await dialog.locator("dt").allTextContents()).toEqual([
      "Network",
      "Call 1 of 2",
      "Call 2 of 2",
      "Network fee (at most)",
      "Total (at most)",
    ]);
    const [network, first, second, fee, total] = await dialog.locator("dd").allTextContents();
    expect([network, first, second]).toEqual([
      "Ethereum Devnet",
      `To: 0x7099 7970 C518 12dc 3A01 0C7d 01b5 0e0d 17dc 79C8\nAmount: 1 ETH\nNonce: ${nonce}`,
      `To: 0x7099 7970 C518 12dc 3A01 0C7d 01b5 0e0d 17dc 79C8\nAmount: 2 ETH\nNonce: ${nonce + 1}`,
    ]);
    const coins = (text = "") => parseEther(/^([\d.]+) ETH$/.exec(text)?.[1] ?? "NaN");
    expect(coins(fee)).toBeGreaterThan(0n);
    expect(coins(total)).toBe(parseEther("3") + coins(fee));
    expect(await seriousViolations(frame)).toEqual([]);
    await captureFrameDialog(page, secureOrigin, "wallet-approval-send-calls");
    await frame.getByRole("button", { name: "Approve" }).click();
    const sent = await sending;
    if (!sent) throw new Error("the build does not expose the e-mail wallet (VITE_EXPOSE_EMBEDDED_WALLET)");
    const status = () =>
      page.evaluate(
        (id) =>
          window.__embeddedWallet?.request({ method: "wallet_getCallsStatus", params: [id] }) as Promise<{
            status: number;
            atomic: boolean;
            receipts: { status: Hex; transactionHash: Hex }[];
          }>,
        sent.id,
      );
    await expect.poll(async () => (await status())?.status, { timeout: 30_000 }).toBe(200);
    const done = await status();
    expect(done?.atomic).toBe(false);
    expect(done?.receipts.map((receipt) => receipt.status)).toEqual(["0x1", "0x1"]);
    const mined = await Promise.all(
      (done?.receipts ?? []).map((receipt) => chain.getTransaction({ hash: receipt.transactionHash })),
    );
    expect(mined.map((tx) => [tx.from.toLowerCase(), tx.nonce, tx.value])).toEqual([
      [address.toLowerCase(), nonce, parseEther("1")],
      [address.toLowerCase(), nonce + 1, parseEther("2")],
    ]);
    // An id this page never sent: EIP-5792 5730.
    const unknown = await page.evaluate(() =>
      window.__embeddedWallet
        ?.request({ method: "wallet_getCallsStatus", params: [`0x${"ab".repeat(32)}`] })
        .catch((error: { code: number }) => error.code),
    );
    expect(unknown).toBe(5730);
  }, 120_000);

  it("shows a message to sign as text and typed data by its domain and type; declining answers 4001", async () => {
    const { page, frame, address } = await connectedWalletHere("signer@example.com");
    const message = askFrame(page, "personal_sign", [stringToHex("Sign in to the staking app\nNonce: 42"), address]);
    await frame.getByRole("heading", { name: "Sign this message?" }).waitFor({ timeout: 30_000 });
    expect(await frame.getByRole("dialog").locator("dd").nth(1).textContent()).toBe(
      "Sign in to the staking app\nNonce: 42",
    );
    await captureFrameDialog(page, secureOrigin, "wallet-approval-sign-message");
    // The frame was just placed for this first request: Chromium drops clicks on it for a moment (see
    // untilFrameTakesClicks), as a person reading the dialog would never notice.
    await untilFrameTakesClicks(page, secureOrigin);
    await frame.getByRole("button", { name: "Decline" }).click();
    expect(await message).toMatchObject({
      type: "@w3m-frame/RPC_REQUEST_ERROR",
      payload: { code: 4001, message: "User rejected the request." },
    });
    const typed = {
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        Mail: [{ name: "contents", type: "string" }],
      },
      domain: { name: "Ether Mail", chainId: 31337, verifyingContract: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC" },
      primaryType: "Mail",
      message: { contents: "Hello" },
    };
    const typedReply = askFrame(page, "eth_signTypedData_v4", [address, JSON.stringify(typed)]);
    await frame.getByRole("heading", { name: "Sign this typed data?" }).waitFor({ timeout: 30_000 });
    const rows = await frame.getByRole("dialog").locator("dt, dd").allTextContents();
    expect(rows.slice(2, 10)).toEqual([
      "Requested by",
      '"Ether Mail"',
      "Network",
      "Ethereum Devnet",
      "Verifying contract",
      "0xCcCC cccc CCCC cCCC CCCc CcCc cCcC CCcC cccc cccC",
      "Data type",
      "Mail",
    ]);
    await untilFrameTakesClicks(page, secureOrigin);
    await frame.getByRole("button", { name: "Decline" }).click();
    expect((await typedReply).type).toBe("@w3m-frame/RPC_REQUEST_ERROR");
  }, 120_000);

  it("speaks the app's language from its first dialog: a reconnect of a zh_CN app asks for the recovery share in Chinese", async () => {
    const { page, frame } = await connectedWalletHere("reconnect-zh@example.com");
    // This browser loses the wallet's device share: the reconnect after a reload asks for the recovery share,
    // a dialog that can come up before the kit's first SYNC_DAPP_DATA. Here no SYNC_DAPP_DATA reaches the frame
    // at all (dropped before the frame's own listener sees it), so only the frame's query can set its language.
    await frame.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase("embedded-wallet");
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error);
        }),
    );
    await page.context().addInitScript((origin) => {
      if (location.origin !== origin) return;
      const dropped = { count: 0 };
      Object.assign(window, { droppedSyncs: dropped });
      window.addEventListener("message", (event) => {
        if (event.data?.type !== "@w3m-app/SYNC_DAPP_DATA") return;
        dropped.count += 1;
        event.stopImmediatePropagation();
      });
    }, secureOrigin);
    await page.evaluate(() => localStorage.setItem("language", "zh_CN"));
    await page.reload();
    const iframe = page.locator(`iframe[src^="${secureOrigin}"]`);
    await iframe.contentFrame().getByRole("heading", { name: "在此设备上恢复钱包" }).waitFor({ timeout: 30_000 });
    const reloaded = secureFrame(page, secureOrigin);
    expect(
      await reloaded.getByRole("dialog").getByText("此浏览器中没有您钱包的设备份额。", { exact: false }).textContent(),
    ).toBe("此浏览器中没有您钱包的设备份额。请粘贴创建钱包时保存的恢复份额。");
    expect(await reloaded.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    // The kit did send its SYNC_DAPP_DATA; the frame never got it.
    await reloaded.waitForFunction(() => (window as { droppedSyncs?: { count: number } }).droppedSyncs?.count);
    const src = await iframe.getAttribute("src");
    expect(new URL(src ?? "").searchParams.get("locale")).toBe("zh_CN");
    await captureFrameDialog(page, secureOrigin, "wallet-restore-zh");
  }, 120_000);

  it("speaks the app's language: Chinese once the app switches to zh_CN, English again after switching back", async () => {
    const { page, frame } = await connectedWalletHere("zh@example.com");
    await page.getByRole("combobox", { name: "Language" }).selectOption("zh_CN");
    await page.getByRole("combobox", { name: "语言" }).waitFor();
    const chinese = askFrame(page, "eth_sendTransaction", [transfer(0, "1.5")]);
    await frame.getByRole("heading", { name: "发送此交易？" }).waitFor({ timeout: 30_000 });
    expect(await frame.getByRole("dialog").locator("dt").allTextContents()).toEqual([
      "网络",
      "收款方",
      "金额",
      "Nonce（交易序号）",
      "网络费用（最多）",
      "合计（最多）",
    ]);
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    await captureFrameDialog(page, secureOrigin, "wallet-approval-send-zh");
    await frame.getByRole("button", { name: "拒绝" }).click();
    expect((await chinese).payload).toMatchObject({ code: 4001 });
    await page.getByRole("combobox", { name: "语言" }).selectOption("en_US");
    await page.getByRole("combobox", { name: "Language" }).waitFor();
    const english = askFrame(page, "eth_sendTransaction", [transfer(0, "1.5")]);
    await frame.getByRole("heading", { name: "Send this transaction?" }).waitFor({ timeout: 30_000 });
    expect(await frame.getByRole("dialog").locator("dd").nth(2).textContent()).toBe("1.5 ETH");
    await captureFrameDialog(page, secureOrigin, "wallet-approval-send");
    await frame.getByRole("button", { name: "Decline" }).click();
    expect((await english).payload).toMatchObject({ code: 4001 });
  }, 120_000);

  it("stays connected and says so when disconnecting fails (the frame cannot end its session)", async () => {
    const { page, button } = await connectedWalletHere("stay@example.com");
    const context = page.context();
    const failSignOut = (route: { fulfill(options: object): Promise<void> }) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"code":"unavailable","message":"down"}' });
    await context.route(`${secureOrigin}/embedded-wallet/sign-out`, failSignOut);
    const address = await button.textContent();
    await button.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Account" }).waitFor();
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await page.getByText("Could not disconnect the wallet, try again").waitFor({ timeout: 15_000 });
    expect(await button.textContent()).toBe(address);
    expect(await dialog.getByRole("heading", { name: "Account" }).isVisible()).toBe(true);
    // Once the server answers again, the same button disconnects.
    await context.unroute(`${secureOrigin}/embedded-wallet/sign-out`, failSignOut);
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).waitFor({ timeout: 15_000 });
  }, 120_000);
});
