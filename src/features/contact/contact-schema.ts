import { z } from "zod";
import { EMAIL } from "../../core/api/contact.ts";

export const NAME_MAX = 100;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 2000;
export const EMAIL_MAX = 254;

/** The contact form; error messages are locale keys, translated where they are shown. */
export const contactSchema = z.object({
  type: z.enum(["technical", "feedback"], { error: "contact.errors.typeRequired" }),
  name: z.string().trim().min(1, "contact.errors.nameRequired").max(NAME_MAX, "contact.errors.nameTooLong"),
  message: z
    .string()
    .trim()
    .min(1, "contact.errors.messageRequired")
    .min(MESSAGE_MIN, "contact.errors.messageTooShort")
    .max(MESSAGE_MAX, "contact.errors.messageTooLong"),
  /** Optional: empty means no reply address, and nothing is sent for it. */
  replyEmail: z
    .string()
    .trim()
    .max(EMAIL_MAX, "contact.errors.replyEmailTooLong")
    .refine((text) => text === "" || EMAIL.test(text), "contact.errors.replyEmailInvalid")
    .optional()
    .transform((text) => (text ? text : undefined)),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

/** Placeholder values of each error key. */
export const errorValues: Record<string, Record<string, number>> = {
  "contact.errors.nameTooLong": { max: NAME_MAX },
  "contact.errors.messageTooShort": { min: MESSAGE_MIN },
  "contact.errors.messageTooLong": { max: MESSAGE_MAX },
  "contact.errors.replyEmailTooLong": { max: EMAIL_MAX },
};
