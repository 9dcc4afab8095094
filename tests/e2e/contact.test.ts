import type { FastifyInstance } from "fastify";
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningMailServer, startMailServer } from "../../devnet/mail/start-mail-server.ts";
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
// The provider's inbox: the devnet's real SMTP server, which the backend mails each message to.
let mail: RunningMailServer;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  mail = await startMailServer({ smtpPort: 0, inboxPort: 0 });
  backend = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      SMTP_URL: mail.smtpUrl,
      CONTACT_INBOX: "support@provider.test",
    }),
    storage,
    { logger: false },
  );
  backendUrl = await backend.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await backend?.close();
  await mail?.stop();
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

  it("checks the optional reply e-mail as it is typed, and sends nothing while it is malformed", async () => {
    const page = await app.open("/contact");
    const bodies = await answerContact(page, (route) => route.fulfill({ status: 201, headers: CORS }));
    await fillValidMessage(page);
    const email = page.getByRole("textbox", { name: "Reply e-mail (optional)" });
    const message = "Enter an e-mail address such as name@example.com, or leave the field empty.";
    await email.fill("ada@example");
    await email.blur();
    await page.getByText(message, { exact: true }).waitFor();
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    // Under the field: its description names the error.
    const describedBy = (await email.getAttribute("aria-describedby")) ?? "";
    const described = await Promise.all(describedBy.split(" ").map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(described).toContain(message);
    await page.getByRole("button", { name: "Submit" }).click();
    expect(await page.getByText(message, { exact: true }).isVisible()).toBe(true);
    expect(bodies).toEqual([]);
    // Fixed as typed: the error goes at the keystroke that makes it valid.
    await email.pressSequentially(".org");
    await expect.poll(() => email.getAttribute("aria-invalid")).toBeNull();
    // Emptied: allowed, and nothing is sent for it.
    await email.fill("");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => bodies.length).toBe(1);
    expect(bodies[0]).toEqual({
      type: "feedback",
      name: "Ada Lovelace",
      message: "The rewards calculator is very clear.",
    });
  });

  it("posts the message with its reply e-mail to the backend, which stores and mails it, and confirms with a toast", async () => {
    const page = await app.open("/contact");
    // Same request, same origin checks (CORS) and answer as the real backend gives; only its port differs.
    await page.route(CONTACT_ENDPOINT, (route) => route.continue({ url: `${backendUrl}/contact` }));
    await fillValidMessage(page);
    await page.getByRole("textbox", { name: "Reply e-mail (optional)" }).fill("ada@example.org");
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
        replyEmail: "ada@example.org",
      }),
    ]);
    expect(await page.getByRole("textbox", { name: "Name" }).inputValue()).toBe("");
    // The provider's e-mail says where to answer, and a reply goes there.
    await expect.poll(() => mail.messages().length).toBe(1);
    expect(mail.messages()[0]).toMatchObject({
      to: ["support@provider.test"],
      subject: expect.stringMatching(/^Contact #\d+: Feedback from Ada Lovelace$/),
      replyTo: "ada@example.org",
      text: expect.stringContaining("Reply e-mail: ada@example.org\n\nThe rewards calculator is very clear."),
    });
  });

  for (const width of [360, 1280]) {
    it(`shows "Message sent" under the header at ${width} px, not over the wallet button`, async () => {
      const page = await app.open("/contact", { width, height: 800 });
      await answerContact(page, (route) => route.fulfill({ status: 201, headers: CORS }));
      await fillValidMessage(page);
      await page.getByRole("button", { name: "Submit" }).click();
      const toast = page.getByRole("status").filter({ hasText: "Message sent" });
      await toast.waitFor();
      const wallet = page.getByRole("banner").getByRole("button", { name: "Connect wallet" });
      const [toastBox, walletBox, headerBox] = await Promise.all([
        toast.boundingBox(),
        wallet.boundingBox(),
        page.getByRole("banner").boundingBox(),
      ]);
      if (!toastBox || !walletBox || !headerBox) throw new Error("toast, wallet button or header not laid out");
      const overlaps =
        toastBox.x < walletBox.x + walletBox.width &&
        walletBox.x < toastBox.x + toastBox.width &&
        toastBox.y < walletBox.y + walletBox.height &&
        walletBox.y < toastBox.y + toastBox.height;
      expect(overlaps).toBe(false);
      expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
      // Still the spec's top centre: centred, near the top.
      expect(Math.abs(toastBox.x + toastBox.width / 2 - width / 2)).toBeLessThanOrEqual(1);
      expect(toastBox.y).toBeLessThanOrEqual(headerBox.y + headerBox.height + 20);
      // The button stays usable while the toast shows.
      await wallet.click({ trial: true, timeout: 2_000 });
    });
  }

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
    // Under the sticky header, so the wallet button stays uncovered.
    const header = await page.getByRole("banner").boundingBox();
    expect(area?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(area?.y).toBeLessThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) + 20);
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
