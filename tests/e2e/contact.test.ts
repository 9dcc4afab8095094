import type { FastifyInstance } from "fastify";
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { parseEnv } from "../../server/config/env.ts";
import { openStorage, type Storage } from "../../server/storage/database.ts";
import { contactMessages } from "../../server/storage/schema.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";

const app = setUpAppUnderTest();

// The devnet build posts to its configured backend (http://127.0.0.1:8787/contact). The success path runs the
// real backend on a free port and sends the browser's request there; the failure paths answer at the network
// boundary, since a healthy backend cannot be made to fail on purpose.
const CONTACT_ENDPOINT = "http://127.0.0.1:8787/contact";
let backend: FastifyInstance;
let storage: Storage;
let backendUrl: string;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  backend = await buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet" }), storage, { logger: false });
  backendUrl = await backend.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await backend?.close();
  await storage?.close();
});
const CORS = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type, accept" };

async function answerContact(page: Page, handle: (route: Route) => Promise<void>): Promise<unknown[]> {
  const bodies: unknown[] = [];
  await page.route(CONTACT_ENDPOINT, async (route) => {
    if (route.request().method() === "OPTIONS") return route.fulfill({ status: 204, headers: CORS });
    bodies.push(route.request().postDataJSON());
    return handle(route);
  });
  return bodies;
}

async function fillValidMessage(page: Page): Promise<void> {
  await page.getByRole("radio", { name: "Feedback" }).check();
  await page.getByRole("textbox", { name: "Name" }).fill("Ada Lovelace");
  await page.getByRole("textbox", { name: "Message" }).fill("The rewards calculator is very clear.");
}

describe("contact form", () => {
  it("shows a field error for each missing field and sends nothing", async () => {
    const page = await app.open("/contact");
    const bodies = await answerContact(page, (route) => route.fulfill({ status: 201, headers: CORS }));
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Choose the type of message.").waitFor();
    expect(await page.getByText("Enter your name.").isVisible()).toBe(true);
    expect(await page.getByText("Enter a message.").isVisible()).toBe(true);
    expect(await page.getByRole("textbox", { name: "Name" }).getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("textbox", { name: "Message" }).fill("Too short");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Write at least 10 characters.").waitFor();
    expect(bodies).toEqual([]);
  });

  it("posts the message to the backend, which stores it, and confirms with a success toast", async () => {
    const page = await app.open("/contact");
    // Same request, same origin checks (CORS) and answer as the real backend gives; only its port differs.
    await page.route(CONTACT_ENDPOINT, (route) => route.continue({ url: `${backendUrl}/contact` }));
    await fillValidMessage(page);
    await page.getByRole("button", { name: "Submit" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Message sent" });
    await toast.waitFor();
    expect(await toast.textContent()).toContain("Thank you, your message has been sent.");
    const stored = await storage.db.select().from(contactMessages);
    expect(stored).toEqual([
      expect.objectContaining({
        kind: "feedback",
        name: "Ada Lovelace",
        message: "The rewards calculator is very clear.",
      }),
    ]);
    expect(await page.getByRole("textbox", { name: "Name" }).inputValue()).toBe("");
  });

  it("shows a clear error toast, never a success, when the backend fails or cannot be reached", async () => {
    const page = await app.open("/contact");
    let refuse = false;
    await answerContact(page, (route) =>
      refuse
        ? route.abort("connectionrefused")
        : route.fulfill({
            status: 503,
            headers: { ...CORS, "content-type": "application/json" },
            body: '{"code":"UPSTREAM_DOWN","message":"try later"}',
          }),
    );
    await fillValidMessage(page);
    await page.getByRole("button", { name: "Submit" }).click();
    const alerts = page.getByRole("alert");
    await alerts.first().waitFor();
    expect(await alerts.first().textContent()).toContain(
      "We could not send your message (the server answered 503). Please try again later.",
    );
    refuse = true;
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => alerts.count()).toBe(2);
    expect(await alerts.nth(1).textContent()).toContain("(the server could not be reached)");
    expect(await page.getByRole("status").filter({ hasText: "Message sent" }).count()).toBe(0);
    expect(await page.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Ada Lovelace");

    // The toasts stack in a 25rem column at the top centre, above the page.
    const area = await page.getByRole("region", { name: "Notifications" }).boundingBox();
    const viewport = page.viewportSize();
    expect(area?.width).toBe(400);
    expect(Math.abs((area?.x ?? 0) + (area?.width ?? 0) / 2 - (viewport?.width ?? 0) / 2)).toBeLessThanOrEqual(1);
    expect(area?.y).toBeLessThanOrEqual(20);
    const [first, second] = [await alerts.nth(0).boundingBox(), await alerts.nth(1).boundingBox()];
    expect((second?.y ?? 0) > (first?.y ?? 0) + (first?.height ?? 0) - 1).toBe(true);

    // Keyboard: focus a toast's close button and press Enter, then Escape on the other.
    await alerts.nth(0).getByRole("button", { name: "Close notification" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => alerts.count()).toBe(1);
    await alerts.nth(0).getByRole("button", { name: "Close notification" }).focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => alerts.count()).toBe(0);
  });
});
