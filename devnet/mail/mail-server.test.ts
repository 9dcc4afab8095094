import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../tests/support/server.ts";
import { type RunningMailServer, startMailServer } from "./start-mail-server.ts";

let mail: RunningMailServer;

beforeAll(async () => {
  mail = await startMailServer();
});

afterAll(async () => {
  await mail.stop();
});

describe("the devnet mail server", () => {
  it("receives what the server's mailer sends over SMTP and lists it as JSON at /messages, newest first", async () => {
    const mailer = createMailer({ url: mail.smtpUrl, from: "Wallet <wallet@localhost>" });
    await mailer.send({ to: "Alice@Example.org", subject: "First", text: "Your sign-in code is 123456" });
    await mailer.send({
      to: "bob@example.org",
      subject: "Approve <new> device",
      text: "Open http://127.0.0.1:9/approve?token=ab to approve",
    });
    mailer.close();

    const response = await fetch(`${mail.inboxUrl}/messages`);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const messages = (await response.json()) as Array<{
      to: string[];
      subject: string;
      text: string;
      receivedAt: string;
    }>;
    expect(messages.map((message) => message.subject)).toEqual(["Approve <new> device", "First"]);
    expect(messages[1]).toMatchObject({ to: ["alice@example.org"], text: "Your sign-in code is 123456" });
    expect(Date.parse(messages[0]?.receivedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
  });

  it("shows the messages on a self-contained HTML page, escaped, with links clickable", async () => {
    const response = await fetch(`${mail.inboxUrl}/`);
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    );
    const html = await response.text();
    expect(html).toContain("<title>Devnet inbox (2)</title>");
    expect(html).toContain("Approve &#60;new&#62; device");
    expect(html).not.toContain("<new>");
    expect(html).toContain('<a href="http://127.0.0.1:9/approve?token=ab">');
    expect(html).not.toMatch(/<(?:script|link rel="stylesheet"|img)/);
    expect((await fetch(`${mail.inboxUrl}/nothing`)).status).toBe(404);
  });

  it("says why a message could not be sent, without the SMTP URL", async () => {
    await mail.stop();
    const stopped = createMailer({ url: "smtp://user:hunter2secret@127.0.0.1:1", from: "wallet@localhost" });
    const error = await stopped
      .send({ to: "a@example.org", subject: "x", text: "y" })
      .catch((caught: unknown) => caught);
    expect(String(error)).toMatch(/^MailSendError: the SMTP server did not take the e-mail \(ESOCKET\)$/);
    expect(String(error)).not.toContain("hunter2secret");
    mail = await startMailServer();
  });
});
