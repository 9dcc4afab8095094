import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningMailServer, startMailServer } from "../../tests/support/devnet.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { contactMessages } from "../storage/schema.ts";

let app: FastifyInstance;
let storage: Storage;
let mail: RunningMailServer;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  mail = await startMailServer({ smtpPort: 0, inboxPort: 0 });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      SMTP_URL: mail.smtpUrl,
      SMTP_FROM: "Stake <stake@localhost>",
      CONTACT_INBOX: "support@provider.test",
    }),
    storage,
    { logger: false },
  );
});
afterAll(async () => {
  await app?.close();
  await mail?.stop();
  await storage?.close();
});

const post = (payload: object) => app.inject({ method: "POST", url: "/contact", payload });

describe("POST /contact with a reply e-mail", () => {
  it("stores the reply e-mail and mails the message to the provider's inbox, Reply-To the sender", async () => {
    const response = await post({
      type: "technical",
      name: "Ada",
      message: "My validator shows pending.",
      replyEmail: "ada@example.org",
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const [row] = await storage.db.select().from(contactMessages);
    expect(row).toMatchObject({ id, name: "Ada", replyEmail: "ada@example.org" });
    await expect.poll(() => mail.messages().length).toBe(1);
    const [received] = mail.messages();
    expect(received).toMatchObject({
      to: ["support@provider.test"],
      subject: `Contact #${id}: Technical issue from Ada`,
      replyTo: "ada@example.org",
      text: "Type: Technical issue\nName: Ada\nReply e-mail: ada@example.org\n\nMy validator shows pending.",
    });
  });

  it("says in the e-mail that no reply address was given when there is none", async () => {
    expect((await post({ type: "feedback", name: "Bo", message: "Clear pages." })).statusCode).toBe(201);
    await expect.poll(() => mail.messages().length).toBe(2);
    const [latest] = mail.messages();
    expect(latest?.text).toContain("Reply e-mail: none given (no answer expected)");
    expect(latest?.replyTo).toBeUndefined();
  });

  it("answers 400 naming replyEmail for a malformed address, and stores and mails nothing", async () => {
    const response = await post({ type: "feedback", name: "Cy", message: "Hello there.", replyEmail: "cy@" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "invalid_request",
      field: "replyEmail",
      message: expect.stringContaining("expected an e-mail address such as name@example.com"),
    });
    expect(await storage.db.select().from(contactMessages)).toHaveLength(2);
    expect(mail.messages()).toHaveLength(2);
  });
});
