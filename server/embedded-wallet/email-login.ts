import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { EMAIL_COOLDOWN_SECONDS, embeddedWalletPaths } from "../../src/lib/api/embedded-wallet.ts";
import { ApiError } from "../http/api-error.ts";
import type { SharedCounter } from "../limits/shared-counter.ts";
import type { Storage } from "../storage/database.ts";
import { embeddedWalletDevices } from "../storage/schema.ts";
import { EmailThrottledError, mailUnavailable } from "./embedded-wallet-errors.ts";
import { mailTexts } from "./mail-texts.ts";
import type { Mailer, OutgoingMail } from "./mailer.ts";
import type { OneTimeCodes } from "./one-time-codes.ts";
import type { WalletSessions } from "./sessions.ts";
import { ensureUser, normalEmail, publicUser, userByEmail, userById } from "./wallet-users.ts";
import { WrongCodeLimit } from "./wrong-code-limit.ts";

/** A device-approval link works for 15 minutes. */
export const DEVICE_APPROVAL_TTL_MS = 15 * 60_000;

export interface EmailLoginOptions {
  readonly storage: Storage;
  readonly mailer: Mailer;
  readonly codes: OneTimeCodes;
  readonly sessions: WalletSessions;
  readonly counter: SharedCounter;
  /** SECURE_ORIGIN: the approval link points there. */
  readonly secureOrigin: string;
  readonly now: () => Date;
  /** How long POST /email/device waits for an approval (25 s), and how often it looks (1 s). */
  readonly deviceWaitMs?: number;
  readonly devicePollMs?: number;
}

type Action = { action: "VERIFY_OTP" | "VERIFY_DEVICE" };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const loginCodeKey = (email: string) => `login:${email}`;

/**
 * E-mail login: a code for a new user or a known device; for a known user on an unknown device, first an
 * approval link to the address, then the code. At most one login e-mail per address per 30 s, counted in
 * PostgreSQL so the limit holds across instances.
 */
export function createEmailLogin(options: EmailLoginOptions) {
  const { storage, codes, now } = options;
  const waitMs = options.deviceWaitMs ?? 25_000;
  const pollMs = options.devicePollMs ?? 1_000;
  const wrongCodes = new WrongCodeLimit(options.counter);

  const send = async (mail: OutgoingMail) => {
    try {
      await options.mailer.send(mail);
    } catch {
      throw mailUnavailable();
    }
  };

  const throttle = async (email: string) => {
    const take = await options.counter.take(`embedded-wallet-login:${email}`, 1, 1, EMAIL_COOLDOWN_SECONDS * 1000);
    if (!take.ok) throw new EmailThrottledError(Math.max(1, Math.ceil(take.msLeft / 1000)));
  };

  const sendCode = async (email: string, deviceId: string) =>
    send(mailTexts.loginCode(email, await codes.issue(loginCodeKey(email), { email, deviceId })));

  const device = async (userId: string, deviceId: string) => {
    const [row] = await storage.db
      .select()
      .from(embeddedWalletDevices)
      .where(and(eq(embeddedWalletDevices.userId, userId), eq(embeddedWalletDevices.deviceId, deviceId)));
    return row;
  };

  /** After an approval: sends the code once (a re-polling frame gets VERIFY_OTP without another e-mail). */
  const codeAfterApproval = async (email: string, userId: string, deviceId: string) => {
    const [claimed] = await storage.db
      .update(embeddedWalletDevices)
      .set({ codeSentAt: now() })
      .where(
        and(
          eq(embeddedWalletDevices.userId, userId),
          eq(embeddedWalletDevices.deviceId, deviceId),
          isNotNull(embeddedWalletDevices.approvedAt),
          isNull(embeddedWalletDevices.codeSentAt),
        ),
      )
      .returning();
    if (claimed) await sendCode(email, deviceId);
  };

  return {
    async start(rawEmail: string, deviceId: string): Promise<Action> {
      const email = normalEmail(rawEmail);
      await throttle(email);
      const user = await userByEmail(storage, email);
      const known = user ? await device(user.id, deviceId) : undefined;
      if (!user || known?.approvedAt) {
        await sendCode(email, deviceId);
        return { action: "VERIFY_OTP" };
      }
      const token = randomBytes(32).toString("hex");
      const pending = {
        approvalTokenHash: hashToken(token),
        approvalExpiresAt: new Date(now().getTime() + DEVICE_APPROVAL_TTL_MS),
      };
      await storage.db
        .insert(embeddedWalletDevices)
        .values({ userId: user.id, deviceId, ...pending })
        .onConflictDoUpdate({ target: [embeddedWalletDevices.userId, embeddedWalletDevices.deviceId], set: pending });
      const link = `${options.secureOrigin}${embeddedWalletPaths.deviceApprove}?token=${token}`;
      await send(mailTexts.deviceApproval(email, link));
      return { action: "VERIFY_DEVICE" };
    },

    /** Waits (long poll) for the device's approval; VERIFY_OTP once approved, VERIFY_DEVICE while still waiting. */
    async waitForDevice(rawEmail: string, deviceId: string, signal: AbortSignal): Promise<Action> {
      const email = normalEmail(rawEmail);
      const user = await userByEmail(storage, email);
      const row = user ? await device(user.id, deviceId) : undefined;
      if (!user || !row)
        throw new ApiError(
          400,
          "no_device_approval",
          "No device approval is pending for this address and device: start again",
          "deviceId",
        );
      const deadline = Date.now() + waitMs;
      for (;;) {
        const current = await device(user.id, deviceId);
        if (current?.approvedAt) {
          await codeAfterApproval(email, user.id, deviceId);
          return { action: "VERIFY_OTP" };
        }
        if (!current?.approvalExpiresAt || current.approvalExpiresAt <= now())
          throw new ApiError(
            400,
            "device_approval_expired",
            "The device-approval link has expired (15 minutes): start again",
            "deviceId",
          );
        const left = deadline - Date.now();
        if (left <= 0 || signal.aborted) return { action: "VERIFY_DEVICE" };
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.min(pollMs, left));
          function done() {
            clearTimeout(timer);
            signal.removeEventListener("abort", done);
            resolve();
          }
          signal.addEventListener("abort", done, { once: true });
        });
      }
    },

    /** The e-mail a pending approval link is for, or undefined when the link is unknown or expired. */
    async approvalFor(token: string): Promise<string | undefined> {
      const [row] = await storage.db
        .select({ userId: embeddedWalletDevices.userId })
        .from(embeddedWalletDevices)
        .where(
          and(
            eq(embeddedWalletDevices.approvalTokenHash, hashToken(token)),
            gt(embeddedWalletDevices.approvalExpiresAt, now()),
          ),
        );
      if (!row) return undefined;
      return (await userById(storage, row.userId))?.email;
    },

    /** Approves the device of a pending link (single use); false when the link is unknown or expired. */
    async approve(token: string): Promise<boolean> {
      const at = now();
      const approved = await storage.db
        .update(embeddedWalletDevices)
        .set({ approvedAt: at, codeSentAt: null, approvalTokenHash: null })
        .where(
          and(
            eq(embeddedWalletDevices.approvalTokenHash, hashToken(token)),
            gt(embeddedWalletDevices.approvalExpiresAt, at),
          ),
        )
        .returning();
      return approved.length > 0;
    },

    /** Checks the login code; opens a session for the user (created on first login) and approves the device. */
    async verifyOtp(rawEmail: string, deviceId: string, otp: string) {
      const email = normalEmail(rawEmail);
      const pending = await codes.pending(loginCodeKey(email));
      if (pending && pending.deviceId !== deviceId)
        throw new ApiError(
          400,
          "otp_other_device",
          "This code was sent for a sign-in from another browser: ask for a new code here",
          "otp",
        );
      await wrongCodes.guard(email, () => codes.consume(loginCodeKey(email), otp));
      const user = await ensureUser(storage, email);
      const at = now();
      await storage.db
        .insert(embeddedWalletDevices)
        .values({ userId: user.id, deviceId, approvedAt: at, codeSentAt: at })
        .onConflictDoUpdate({
          target: [embeddedWalletDevices.userId, embeddedWalletDevices.deviceId],
          set: { approvedAt: at, approvalTokenHash: null },
        });
      return { token: await options.sessions.open(user.id, deviceId), user: publicUser(user) };
    },
  };
}

export type EmailLogin = ReturnType<typeof createEmailLogin>;
