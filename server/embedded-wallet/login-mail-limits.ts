import { isIPv6 } from "node:net";
import { EMAIL_COOLDOWN_SECONDS } from "../../src/core/api/embedded-wallet.ts";
import { ApiError } from "../http/api-error.ts";
import type { SharedCounter } from "../limits/shared-counter.ts";
import { EmailThrottledError } from "./embedded-wallet-errors.ts";

/** Login e-mails one requester (client address) may cause in an hour, to any addresses. */
export const LOGIN_MAILS_PER_REQUESTER_PER_HOUR = 10;
/** Login e-mails one address may receive in an hour for browsers it has not approved, from all requesters. */
export const LOGIN_MAILS_PER_ADDRESS_PER_HOUR = 30;
const HOUR_MS = 60 * 60_000;

/** A 429 whose body also says how many seconds are left (retryAfterSeconds), like email_throttled. */
export class LoginMailLimitError extends ApiError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message, undefined, retryAfterSeconds);
  }

  override get body() {
    return { code: this.code, message: this.message, retryAfterSeconds: this.retryAfterSeconds };
  }
}

const minutes = (ms: number) => {
  const count = Math.max(1, Math.ceil(ms / 60_000));
  return `${count} ${count === 1 ? "minute" : "minutes"}`;
};
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Who asks, for the limits: the client's IP address, an IPv6 client by its /64 (one subscriber usually has a whole
 * /64, so counting single addresses would let one requester count as billions).
 */
export function requesterKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).join(":")}::/64`;
}

interface Limit {
  readonly key: string;
  readonly max: number;
  readonly windowMs: number;
  readonly refuse: (msLeft: number) => ApiError;
}

/**
 * Takes one login e-mail from the limits, or throws the 429 of the first one reached (taking nothing then):
 * - one e-mail per address per 30 s *for each requester*, so nobody can hold another person's 30 s slot;
 * - 10 an hour per requester, whatever the addresses, so one requester cannot keep taking slots;
 * - 30 an hour per address for browsers that address has not approved (a mail-bombing bound that one
 *   requester alone cannot reach; the address's approved browsers are not held up by it).
 * Counted in PostgreSQL, so the limits hold across instances.
 */
export async function takeLoginMail(
  counter: SharedCounter,
  input: { email: string; ip: string; approvedDevice: boolean },
): Promise<void> {
  const requester = requesterKey(input.ip);
  const limits: Limit[] = [
    {
      key: `embedded-wallet-login:${input.email}:${requester}`,
      max: 1,
      windowMs: EMAIL_COOLDOWN_SECONDS * 1000,
      refuse: (ms) => new EmailThrottledError(seconds(ms)),
    },
    {
      key: `embedded-wallet-login-requester:${requester}`,
      max: LOGIN_MAILS_PER_REQUESTER_PER_HOUR,
      windowMs: HOUR_MS,
      refuse: (ms) =>
        new LoginMailLimitError(
          "login_requester_throttled",
          `Too many sign-in e-mails from your network (${LOGIN_MAILS_PER_REQUESTER_PER_HOUR} an hour): try again after ${minutes(ms)}`,
          seconds(ms),
        ),
    },
  ];
  if (!input.approvedDevice)
    limits.push({
      key: `embedded-wallet-login-address:${input.email}`,
      max: LOGIN_MAILS_PER_ADDRESS_PER_HOUR,
      windowMs: HOUR_MS,
      refuse: (ms) =>
        new LoginMailLimitError(
          "login_address_throttled",
          `Too many sign-in e-mails to this address (${LOGIN_MAILS_PER_ADDRESS_PER_HOUR} an hour): try again after ${minutes(ms)}, or from a browser you signed in with before`,
          seconds(ms),
        ),
    });
  // Look first (taking 0), so a refusal by one limit spends nothing of the others.
  for (const limit of limits) {
    const seen = await counter.take(limit.key, 0, limit.max, limit.windowMs);
    if (seen.used >= limit.max) throw limit.refuse(seen.msLeft);
  }
  for (const limit of limits) {
    const taken = await counter.take(limit.key, 1, limit.max, limit.windowMs);
    if (!taken.ok) throw limit.refuse(taken.msLeft);
  }
}
