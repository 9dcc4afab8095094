/** One e-mail the devnet's SMTP server received, as the inbox lists it. */
export interface ReceivedMail {
  /** Recipients from the SMTP envelope (RCPT TO), lower-cased. */
  readonly to: readonly string[];
  readonly subject: string;
  /** The Reply-To address, when the mail has one. */
  readonly replyTo?: string;
  /** The plain-text body. */
  readonly text: string;
  /** ISO 8601 time of arrival. */
  readonly receivedAt: string;
}
