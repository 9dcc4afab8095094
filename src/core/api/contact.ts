import { z } from "zod";

/** POST /contact: a message from the contact page, stored for the provider. */
export const contactPath = "/contact";

const text = (max: number) =>
  z.string().min(1).max(max, `expected at most ${max} characters`).regex(/\S/, "expected some text, not only spaces");

export const contactBody = z.strictObject({
  type: z
    .enum(["technical", "feedback"], 'expected "technical" or "feedback"')
    .describe("Technical issue or feedback."),
  name: text(100),
  message: text(5000),
});

export type ContactMessage = z.input<typeof contactBody>;

export const contactResponse = z.object({ id: z.number().int() });
