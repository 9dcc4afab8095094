import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { inboxPage } from "./inbox-page.ts";
import type { ReceivedMail } from "./received-mail.ts";

/** Messages kept in memory; older ones are dropped. */
const KEEP_MESSAGES = 500;
/** A devnet login mail is a few kilobytes; anything much larger is refused. */
const MAX_MESSAGE_BYTES = 1_048_576;

export interface RunningMailServer {
  /** Where to send: smtp://127.0.0.1:<port> (no credentials, no TLS: loopback only). */
  readonly smtpUrl: string;
  /** The web inbox (HTML); its JSON is at `${inboxUrl}/messages`. */
  readonly inboxUrl: string;
  /** Messages received so far, newest first. */
  messages(): readonly ReceivedMail[];
  /** Closes both listeners; resolves once they are closed. */
  stop(): Promise<void>;
}

const listening = (server: { once: (event: string, listener: (error?: Error) => void) => unknown }) =>
  new Promise<void>((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", (error) => reject(error));
  });

/**
 * The devnet's mail: a real SMTP server (smtp-server) on loopback that accepts any message, parses it
 * (mailparser) and keeps it in memory, and a small web inbox listing them, newest first, as HTML at `/` and as
 * JSON at `/messages` (each `{ to, subject, text, receivedAt }`). Ports 0 pick free ones.
 */
export async function startMailServer(
  options: { smtpPort?: number; inboxPort?: number } = {},
): Promise<RunningMailServer> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.unshift({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? "",
            ...(parsed.replyTo?.text ? { replyTo: parsed.replyTo.text } : {}),
            text: (parsed.text ?? "").trimEnd(),
            receivedAt: new Date().toISOString(),
          });
          received.length = Math.min(received.length, KEEP_MESSAGES);
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  const inbox = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://inbox").pathname;
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    const headers = { "cache-control": "no-store", "x-content-type-options": "nosniff" };
    if (path === "/messages") {
      response.writeHead(200, { ...headers, "content-type": "application/json; charset=utf-8" });
      response.end(JSON.stringify(received));
    } else if (path === "/") {
      response.writeHead(200, {
        ...headers,
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      });
      response.end(inboxPage(received));
    } else {
      response.writeHead(404, { ...headers, "content-type": "text/plain; charset=utf-8" }).end("Not found");
    }
  });
  const smtpListening = listening(smtp.server);
  smtp.listen(options.smtpPort ?? 0, "127.0.0.1");
  const inboxListening = listening(inbox);
  inbox.listen(options.inboxPort ?? 0, "127.0.0.1");
  const results = await Promise.allSettled([smtpListening, inboxListening]);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) {
    smtp.server.close();
    inbox.close();
    throw new Error(`the devnet mail server could not listen: ${String(failed.reason)}`);
  }
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const inboxPort = (inbox.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${inboxPort}`,
    messages: () => [...received],
    stop: async () => {
      inbox.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => inbox.close(() => resolve())),
      ]);
    },
  };
}
