import { describe, expect, it } from "vitest";
import { app as appConfig } from "../../src/generated/index.ts";
import { freePort } from "../support/free-port.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";

/**
 * The e-mail wallet when its secure frame cannot load (modal-kit.md sections 8 and 9): after the 20 s frame
 * load limit the modal shows the 'iframe load failed' alert and the login says 'Unable to load email login
 * dependency'.
 */
const app = setUpAppUnderTest();

describe("embedded wallet frame load failure", () => {
  it("shows the iframe-load-failed alert and 'Unable to load email login dependency' after 20 s", async () => {
    const context = await app.newContext();
    // The server says the wallet is on, at a secure origin where nothing listens.
    const deadOrigin = `http://127.0.0.1:${await freePort()}`;
    const api = new URL(appConfig.apiBaseUrl.devnet).origin;
    await context.route(`${api}/**`, (route) =>
      new URL(route.request().url()).pathname === "/embedded-wallet/config"
        ? route.fulfill({ json: { enabled: true, secureOrigin: deadOrigin } })
        : route.fulfill({ status: 503, json: { code: "unavailable", message: "not in this test" } }),
    );
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    const dialog = page.getByRole("dialog");
    const opened = Date.now();
    await dialog.getByLabel("E-mail").fill("ana@example.com");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect
      .poll(() => dialog.getByRole("alert").allTextContents(), { timeout: 30_000 })
      .toContain("Unable to load email login dependency");
    // Not before the spec's 20 s.
    expect(Date.now() - opened).toBeGreaterThanOrEqual(20_000);
    await expect.poll(() => dialog.textContent()).toContain("The embedded wallet failed to load (iframe load failed)");
    // The failed frame is removed from the page.
    expect(await page.locator(`iframe[src^="${deadOrigin}"]`).count()).toBe(0);
  }, 60_000);
});
