import { sql } from "drizzle-orm";
import { codeIn, type EmbeddedWalletStack } from "./embedded-wallet-stack.ts";

/** The device-approval link's token in an approval e-mail's text. */
export const approvalTokenIn = (mail: { text: string }) => /token=([0-9a-f]{64})/.exec(mail.text)?.[1] as string;

/**
 * Asks for a login code for `email` on `deviceId` through the secure server as the frame does: start; for a
 * browser the address has not approved (every first sign-in), the e-mailed approval link (its form's POST), then
 * the device step. Returns the code the stack's mail server received. Clears the rate-limit counters first, as
 * the cooldown between two logins would (`keepLimits`: only the 30 s slots).
 */
export async function requestCode(
  stack: EmbeddedWalletStack,
  email: string,
  deviceId: string,
  options: { keepLimits?: boolean } = {},
): Promise<string> {
  await stack.storage.db.execute(
    options.keepLimits
      ? sql`delete from rate_limit_counters where key like 'embedded-wallet-login:%'`
      : sql`delete from rate_limit_counters`,
  );
  const post = (url: string, payload: object) => stack.secure.inject({ method: "POST", url, payload });
  let before = stack.mailCount();
  const started = await post("/embedded-wallet/email/start", { email, deviceId });
  if (started.statusCode !== 200) throw new Error(`the login did not start: ${started.body}`);
  if (started.json().action === "VERIFY_DEVICE") {
    const token = approvalTokenIn(stack.nextMail(email.toLowerCase(), before));
    await stack.secure.inject({
      method: "POST",
      url: "/embedded-wallet/device/approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${token}`,
    });
    before = stack.mailCount();
    const device = await post("/embedded-wallet/email/device", { email, deviceId });
    if (device.json().action !== "VERIFY_OTP") throw new Error(`the device was not approved: ${device.body}`);
  }
  return codeIn(stack.nextMail(email.toLowerCase(), before));
}

/** Signs `email` in on `deviceId` (requestCode, then the code) and returns the session's token. */
export async function signIn(stack: EmbeddedWalletStack, email: string, deviceId: string): Promise<string> {
  const otp = await requestCode(stack, email, deviceId);
  const verified = await stack.secure.inject({
    method: "POST",
    url: "/embedded-wallet/email/otp",
    payload: { email, deviceId, otp },
  });
  if (verified.statusCode !== 200) throw new Error(`the code was refused: ${verified.body}`);
  return verified.json().token as string;
}

/** Signs `email` in on `deviceId` (signIn) and returns the session's authorization header. */
export async function loginHeaders(
  stack: EmbeddedWalletStack,
  email: string,
  deviceId: string,
): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await signIn(stack, email, deviceId)}` };
}
