import { createTestClient, http, parseEther } from "viem";
import { afterAll, beforeAll, inject, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { codeFromInbox, secureFrame, startEmailLogin } from "./support/embedded-wallet-login.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack({ embeddedWallet: { secureAppDir: inject("secureDir"), allowedOrigins: [app.url] } });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

for (const [width, theme] of [
  [360, "light"],
  [360, "dark"],
  [1280, "light"],
  [1280, "dark"],
] as const) {
  it(`shots ${width} ${theme}`, async () => {
    const context = await app.newContext({ width, height: 760 });
    await stack.forward(context);
    await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("main h1").first().waitFor();
    const inbox = stack.embeddedWallet!.mail.inboxUrl;
    const email = `shot-${width}-${theme}@example.com`;
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    await page.getByRole("dialog").getByLabel("E-mail").waitFor();
    await page.screenshot({ path: `/tmp/wf-shots/connect-${width}-${theme}.png` });
    console.log("AXE connect", JSON.stringify(await seriousViolations(page)));
    await page.getByRole("dialog").getByLabel("E-mail").fill("not-an-email");
    await page.getByRole("dialog").getByRole("button", { name: "Continue" }).click();
    await page.screenshot({ path: `/tmp/wf-shots/connect-invalid-${width}-${theme}.png` });
    await page.getByRole("dialog").getByLabel("E-mail").fill(email);
    await page.getByRole("dialog").getByRole("button", { name: "Continue" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Code").waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `/tmp/wf-shots/otp-${width}-${theme}.png` });
    console.log("AXE otp", JSON.stringify(await seriousViolations(page)));
    await dialog.getByLabel("Code").fill(await codeFromInbox(inbox, email));
    await dialog.getByRole("button", { name: "Verify" }).click();
    const frame = secureFrame(page, stack.embeddedWallet!.secureOrigin);
    await frame.getByRole("button", { name: "I have kept it" }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `/tmp/wf-shots/recovery-${width}-${theme}.png` });
    console.log(
      "AXE recovery-frame",
      JSON.stringify(await seriousViolations(frame as never).catch((e) => String(e).slice(0, 200))),
    );
    await frame.getByRole("button", { name: "I have kept it" }).click();
    const button = page.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ });
    await button.waitFor({ timeout: 30_000 });
    const address = await frame.evaluate(async () => {
      const s = sessionStorage.getItem("embedded-wallet.session") ?? "";
      return (
        (await (await fetch("/embedded-wallet/session", { headers: { authorization: `Bearer ${s}` } })).json()) as {
          user: { address: `0x${string}` };
        }
      ).user.address;
    });
    await createTestClient({ mode: "anvil", transport: http(stack.devnet.ethereum.anvil.rpcUrl) }).setBalance({
      address,
      value: parseEther("5"),
    });
    await button.click();
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await dialog.getByLabel("Amount").fill("1");
    await dialog.getByLabel("Receiver address").fill("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
    await dialog.getByLabel("Token", { exact: true }).selectOption("ETH");
    await dialog.getByRole("button", { name: "Review" }).click();
    await dialog.getByRole("button", { name: "Send now" }).click({ timeout: 30_000 });
    await frame.getByRole("heading", { name: "Send this transaction?" }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `/tmp/wf-shots/approve-${width}-${theme}.png` });
    console.log(
      "AXE approve-frame",
      JSON.stringify(await seriousViolations(frame as never).catch((e) => String(e).slice(0, 200))),
    );
    console.log("FOCUS", await frame.evaluate(() => document.activeElement?.textContent));
    await frame.getByRole("button", { name: "Decline" }).click();
  }, 120_000);
}
