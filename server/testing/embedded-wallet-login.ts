import { sql } from "drizzle-orm";
import { codeIn, type EmbeddedWalletStack } from "./embedded-wallet-stack.ts";

/**
 * Logs `email` in on `deviceId` through the secure server (start, then the code from the stack's mail server)
 * and returns the session's authorization header. Clears the rate-limit counters first, as the cooldown
 * between two logins would.
 */
export async function loginHeaders(
  stack: EmbeddedWalletStack,
  email: string,
  deviceId: string,
): Promise<Record<string, string>> {
  await stack.storage.db.execute(sql`delete from rate_limit_counters`);
  const before = stack.mailCount();
  await stack.secure.inject({ method: "POST", url: "/embedded-wallet/email/start", payload: { email, deviceId } });
  const verified = await stack.secure.inject({
    method: "POST",
    url: "/embedded-wallet/email/otp",
    payload: { email, deviceId, otp: codeIn(stack.nextMail(email, before)) },
  });
  return { authorization: `Bearer ${verified.json().token}` };
}
