import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalTokenIn } from "../../tests/support/embedded-wallet-login.ts";
import { type EmbeddedWalletStack, startEmbeddedWalletStack } from "../../tests/support/embedded-wallet-stack.ts";

/** Issue 25 item 4: the device-approval link's page names the browser that asked, its IP address and when. */
let stack: EmbeddedWalletStack;
const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

beforeAll(async () => {
  stack = await startEmbeddedWalletStack();
  // The wallet's clock at 28 November 2026, 14:03 UTC.
  stack.advance(Date.parse("2026-11-28T14:03:00Z") - Date.now());
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe("the device-approval page", () => {
  it("shows the requesting browser and system, its IP address and the request's time with its time zone", async () => {
    const before = stack.mailCount();
    await stack.secure.inject({
      method: "POST",
      url: "/embedded-wallet/email/start",
      remoteAddress: "203.0.113.7",
      headers: { "user-agent": WINDOWS_CHROME },
      payload: { email: "owner@example.org", deviceId: "device-page-0123456789" },
    });
    const token = approvalTokenIn(stack.nextMail("owner@example.org", before));
    const page = await stack.secure.inject({ method: "GET", url: `/embedded-wallet/device/approve?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<dd>Chrome 131 on Windows 10 or 11</dd>");
    expect(page.body).toContain("<dd>203.0.113.7</dd>");
    // UTC in the page; its script rewrites it in the reader's language and time zone.
    expect(page.body).toMatch(
      /<time datetime="2026-11-28T14:03:\d\d\.\d{3}Z" data-local>28 November 2026 at 14:03 UTC<\/time>/,
    );
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'/);
  });

  it("escapes what the requester wrote in its User-Agent", async () => {
    const before = stack.mailCount();
    await stack.secure.inject({
      method: "POST",
      url: "/embedded-wallet/email/start",
      remoteAddress: "203.0.113.8",
      headers: { "user-agent": 'Mozilla/5.0 (X11; Linux x86_64) Firefox/<script>alert(1)</script>"' },
      payload: { email: "escape@example.org", deviceId: "device-escape-0123456789" },
    });
    const token = approvalTokenIn(stack.nextMail("escape@example.org", before));
    const page = await stack.secure.inject({ method: "GET", url: `/embedded-wallet/device/approve?token=${token}` });
    expect(page.body).not.toContain("<script>alert(1)");
    expect(page.body).toContain("<dd>Unknown browser on Linux</dd>");
  });
});
