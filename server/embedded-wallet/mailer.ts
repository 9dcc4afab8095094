import nodemailer from "nodemailer";

/** One e-mail to send: plain text only. */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Where an answer goes (Reply-To), when not the sender. */
  readonly replyTo?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Sending failed; the message names the SMTP error's code only, never the server's URL or its credentials. */
export class MailSendError extends Error {
  override readonly name = "MailSendError";
}

/**
 * Sends mail through the SMTP server at `url` (SMTP_URL: smtp:// or smtps://, credentials in the URL when the
 * server wants them) from `from` (SMTP_FROM).
 */
export function createMailer(options: { readonly url: string; readonly from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        throw new MailSendError(
          `the SMTP server did not take the e-mail${typeof code === "string" ? ` (${code})` : ""}`,
        );
      }
    },
    close: () => transport.close(),
  };
}
