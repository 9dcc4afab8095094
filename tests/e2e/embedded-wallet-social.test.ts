import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../support/free-port.ts";
import { type LocalOidcProvider, startLocalOidcProvider } from "../support/local-oidc-provider.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { secureFrame } from "./support/embedded-wallet-login.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

/** Issue 19 item 4 in Chromium: "Google" (a local oidc-provider) in the kit, through the popup and back. */
const app = setUpAppUnderTest();
let stack: LocalStack;
let google: LocalOidcProvider;
let secureOrigin: string;

beforeAll(async () => {
  secureOrigin = `http://127.0.0.1:${await freePort()}`;
  google = await startLocalOidcProvider({
    redirectUri: `${secureOrigin}/embedded-wallet/social/callback`,
    account: { sub: "google-user-7", email: "sam@example.com", name: "Sam Social" },
  });
  stack = await startLocalStack({
    embeddedWallet: {
      secureAppDir: inject("secureDir"),
      allowedOrigins: [app.url],
      secureOrigin,
      socialProviders: {
        google: { issuer: google.issuer, clientId: google.clientId, scopes: ["openid", "email", "profile"] },
      },
    },
    walletKitRemoteFeatures: {
      swaps: false,
      onramp: false,
      email: true,
      socials: ["google", "x", "farcaster", "discord", "apple", "github", "facebook"],
      activity: false,
      reownBranding: false,
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await google?.stop();
});

/** A page of the app whose every received window message is recorded (capture phase, before the kit's). */
async function openApp() {
  const context = await app.newContext();
  await stack.forward(context);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __messages: string[] }).__messages = seen;
    window.addEventListener("message", (event) => seen.push(`${event.origin} ${JSON.stringify(event.data)}`), true);
  });
  const page = await context.newPage();
  await page.goto("/");
  await page.locator("main h1").first().waitFor();
  return page;
}

/** The popup's inner size, read between its navigations (a read that one of them cuts off is tried again). */
async function innerSize(popup: Page): Promise<number[]> {
  for (;;) {
    try {
      return await popup.evaluate(() => [window.innerWidth, window.innerHeight]);
    } catch (error) {
      if (popup.isClosed()) throw error;
    }
  }
}

const cachedUsername = (page: Awaited<ReturnType<typeof openApp>>) =>
  page.evaluate(() => localStorage.getItem("@modal-kit/embedded-wallet/social-username"));

describe("social login with the embedded wallet", () => {
  it("logs in with Google in a 600×800 popup, and the same wallet comes back on a second login", async () => {
    const page = await openApp();
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    const dialog = page.getByRole("dialog");
    // Only the configured provider has a button.
    const socialButtons = dialog.getByRole("button", { name: /^Continue with / });
    await socialButtons.first().waitFor({ timeout: 30_000 });
    expect(await socialButtons.allTextContents()).toEqual(["Continue with Google"]);
    expect(await seriousViolations(page)).toEqual([]);
    // Where the provider sends the popup back (with its code and state), seen by the test, not by the app; and
    // the popup's size, read as soon as it opens (the login can be over, and the popup closed, within a second).
    const callbacks: string[] = [];
    let size: Promise<number[]> | undefined;
    page.once("popup", (opened) => {
      size = innerSize(opened);
      opened.on("framenavigated", (navigated) => {
        if (navigated.url().startsWith(`${secureOrigin}/embedded-wallet/social/callback`))
          callbacks.push(navigated.url());
      });
    });
    const popupOpened = page.waitForEvent("popup");
    await dialog.getByRole("button", { name: "Continue with Google" }).click();
    const popup = await popupOpened;
    expect(await size).toEqual([600, 800]);
    const frame = secureFrame(page, secureOrigin);
    await frame.getByRole("button", { name: "I have kept it" }).click({ timeout: 30_000 });
    const button = page.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ });
    await button.waitFor({ timeout: 30_000 });
    const first = await button.textContent();
    expect(popup.isClosed()).toBe(true);
    expect(await cachedUsername(page)).toBe("Sam Social");

    // The app page got nothing it could redeem: from the popup only "done", nowhere the provider's code or the
    // URL it sent the popup back to (the state is in the authorization URL the app opens, and redeems nothing).
    expect(callbacks.length).toBe(1);
    const returned = new URL(callbacks[0] as string);
    const messages = await page.evaluate(() => (window as unknown as { __messages: string[] }).__messages);
    const fromPopup = messages.filter((entry) => !entry.includes("@w3m-frame/") && entry.startsWith(secureOrigin));
    expect(fromPopup).toEqual([`${secureOrigin} {"socialLogin":"done"}`]);
    const everything = messages.join("\n");
    expect(everything).not.toContain(returned.searchParams.get("code"));
    expect(everything).not.toContain("/embedded-wallet/social/callback?");
    expect(everything).not.toContain("resultUri");

    // Sign out (the social username is forgotten), then log in again: the same address.
    await button.click();
    await page.getByRole("dialog").getByText("Signed in as Sam Social").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    const connectButton = page.getByRole("banner").getByRole("button", { name: "Connect wallet" });
    await connectButton.waitFor();
    expect(await cachedUsername(page)).toBeNull();
    if (await page.getByRole("dialog").isVisible()) {
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "hidden" });
    }
    await connectButton.click();
    const again = page.waitForEvent("popup");
    await page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click();
    await again;
    await button.waitFor({ timeout: 30_000 });
    expect(await button.textContent()).toBe(first);
  }, 120_000);

  it("says 'Popup closed' when the user closes the popup", async () => {
    const page = await openApp();
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    const dialog = page.getByRole("dialog");
    const popupOpened = page.waitForEvent("popup");
    await dialog.getByRole("button", { name: "Continue with Google" }).click({ timeout: 30_000 });
    const popup = await popupOpened;
    await popup.close();
    await dialog.getByRole("alert").filter({ hasText: "Popup closed" }).waitFor({ timeout: 5_000 });
    expect(await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).isVisible()).toBe(true);
  }, 60_000);
});
