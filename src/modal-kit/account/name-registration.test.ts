import { describe, expect, it } from "vitest";
import { HttpStatusError } from "../errors/kit-error.ts";
import { NameSuggestionsError, nameRegistrationMessage, RegisterNameError } from "./name-registration.ts";

describe("name registration", () => {
  it("signs a message with the name and the time in seconds", () => {
    const message = JSON.parse(nameRegistrationMessage("alice.meridian.id", Date.UTC(2026, 10, 24, 12, 0, 0, 999)));
    expect(message).toEqual({ name: "alice.meridian.id", attributes: {}, timestamp: 1_795_521_600 });
  });

  it("fails with 'Error registering name {name}', or the server's first reason when it gave one", () => {
    expect(new RegisterNameError("alice.meridian.id", new Error("User rejected")).message).toBe(
      "Error registering name alice.meridian.id",
    );
    const refused = new HttpStatusError(
      new Response("{}", { status: 409 }),
      "message: alice.meridian.id is registered to another address",
    );
    const error = new RegisterNameError("alice.meridian.id", refused);
    expect(error.message).toBe("message: alice.meridian.id is registered to another address");
    expect(error.cause).toBe(refused);
  });

  it("names a failed suggestion fetch 'Error fetching name suggestions'", () => {
    expect(new NameSuggestionsError(new Error("offline")).message).toBe("Error fetching name suggestions");
  });
});
