import { ApiError } from "../http/api-error.ts";
import { parseFullName } from "./account-name-rule.ts";

/** How far a registration message's timestamp may lie in the past, and ahead of the server's clock. */
export const MESSAGE_MAX_AGE_S = 600;
export const MESSAGE_MAX_SKEW_S = 60;

export interface NameMessage {
  readonly name: string;
  readonly attributes: Record<string, string>;
  /** Unix seconds. */
  readonly timestamp: number;
}

const bad = (message: string) => new ApiError(400, "invalid_message", `message: ${message}`, "message");

/**
 * The signed registration message: JSON `{ "name": "<label>.<zone>", "attributes": {…}, "timestamp": <unix
 * seconds> }` (modal-kit spec section 9: the message includes a timestamp in seconds). A message older than
 * MESSAGE_MAX_AGE_S or dated ahead of the clock is refused, so an old signature cannot be replayed.
 */
export function parseNameMessage(text: string, zone: string, nowS: number): NameMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad('expected JSON such as {"name":"alice.<zone>","attributes":{},"timestamp":1732406400}');
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw bad("expected a JSON object");
  const { name, attributes = {}, timestamp } = value as Record<string, unknown>;
  const fullName = parseFullName(name, zone, "message");
  if (
    typeof attributes !== "object" ||
    attributes === null ||
    Array.isArray(attributes) ||
    Object.values(attributes).some((entry) => typeof entry !== "string" || entry.length > 2048) ||
    Object.keys(attributes).length > 16
  ) {
    throw bad("attributes: expected an object of at most 16 text values");
  }
  if (typeof timestamp !== "number" || !Number.isInteger(timestamp)) {
    throw bad("timestamp: expected whole Unix seconds");
  }
  if (timestamp > 1e11) throw bad("timestamp: expected Unix seconds, got what looks like milliseconds");
  if (timestamp < nowS - MESSAGE_MAX_AGE_S || timestamp > nowS + MESSAGE_MAX_SKEW_S) {
    throw bad(`timestamp: expected the time of signing, within ${MESSAGE_MAX_AGE_S} s; sign a new message`);
  }
  return { name: fullName, attributes: attributes as Record<string, string>, timestamp };
}
