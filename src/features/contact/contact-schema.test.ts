import { describe, expect, it } from "vitest";
import { contactSchema } from "./contact-schema.ts";

function errorsOf(input: unknown): Record<string, string | undefined> {
  const result = contactSchema.safeParse(input);
  if (result.success) return {};
  // the form shows the first problem of each field
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[String(issue.path[0])] ??= issue.message;
  return first;
}

describe("contactSchema", () => {
  it("accepts a complete message and trims it", () => {
    const parsed = contactSchema.parse({ type: "feedback", name: "  Ada ", message: " The calculator helps a lot. " });
    expect(parsed).toEqual({ type: "feedback", name: "Ada", message: "The calculator helps a lot." });
  });

  it("names each missing or invalid field", () => {
    expect(errorsOf({ type: "", name: " ", message: "" })).toEqual({
      type: "contact.errors.typeRequired",
      name: "contact.errors.nameRequired",
      message: "contact.errors.messageRequired",
    });
    expect(errorsOf({ type: "technical", name: "x".repeat(101), message: "short" })).toEqual({
      name: "contact.errors.nameTooLong",
      message: "contact.errors.messageTooShort",
    });
  });

  it("takes an optional reply e-mail: empty is none, a malformed one is named", () => {
    const base = { type: "feedback", name: "Ada", message: "The calculator helps a lot." };
    expect(contactSchema.parse({ ...base, replyEmail: "  " }).replyEmail).toBeUndefined();
    expect(contactSchema.parse({ ...base, replyEmail: " ada@example.org " }).replyEmail).toBe("ada@example.org");
    for (const bad of ["ada", "ada@", "ada@example", "ada @example.org", "@example.org"]) {
      expect(errorsOf({ ...base, replyEmail: bad })).toEqual({ replyEmail: "contact.errors.replyEmailInvalid" });
    }
    expect(errorsOf({ ...base, replyEmail: `${"a".repeat(250)}@example.org` })).toEqual({
      replyEmail: "contact.errors.replyEmailTooLong",
    });
  });
});
