import { z } from "zod";

/** POST /contact: a message from the contact page, stored for the provider. */
export const contactPath = "/contact";

/** name@domain.tld: one @, no spaces, a dotted domain (the contact form's own check, kept in step). */
export const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

const text = (max: number) =>
  z.string().min(1).max(max, `expected at most ${max} characters`).regex(/\S/, "expected some text, not only spaces");

export const contactBody = z.strictObject({
  type: z
    .enum(["technical", "feedback"], 'expected "technical" or "feedback"')
    .describe("Technical issue or feedback."),
  name: text(100),
  message: text(5000),
  replyEmail: z
    .string()
    .max(254, "expected at most 254 characters")
    .regex(EMAIL, "expected an e-mail address such as name@example.com")
    .optional()
    .describe("Where the sender wants the answer; absent when none was given."),
});

export type ContactMessage = z.input<typeof contactBody>;

export const contactResponse = z.object({ id: z.number().int() });
