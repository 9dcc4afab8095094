import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lt } from "drizzle-orm";
import { embeddedWalletPaths } from "../../src/core/api/embedded-wallet.ts";
import { ApiError } from "../http/api-error.ts";
import type { SharedCounter } from "../limits/shared-counter.ts";
import type { Storage } from "../storage/database.ts";
import { embeddedWalletDevices, embeddedWalletLoginApprovals } from "../storage/schema.ts";
import { mailUnavailable } from "./embedded-wallet-errors.ts";
import { takeLoginMail } from "./login-mail-limits.ts";
import { mailTexts } from "./mail-texts.ts";
import type { Mailer, OutgoingMail } from "./mailer.ts";
import { CODE_TTL_MS, type OneTimeCodes } from "./one-time-codes.ts";
import type { WalletSessions } from "./sessions.ts";
import { ensureUser, normalEmail, publicUser, userByEmail } from "./wallet-users.ts";
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

/** What the server knows of the browser asking to sign in, for the device-approval page. */
export interface Requester {
  /** The client's address (behind TRUST_PROXY, the forwarded one). */
  readonly ip: string;
  readonly userAgent: string | undefined;
}

/** A pending approval as the link's page shows it. */
export interface PendingApproval {
  readonly email: string;
  readonly requestedAt: Date;
  readonly userAgent: string | null;
  readonly ip: string | null;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const loginCodeKey = (email: string) => `login:${email}`;
/** Stands in for a user id where the address has no account, so both cases run the same queries. */
const NO_USER = "00000000-0000-0000-0000-000000000000";

/**
 * E-mail login. A browser the address has approved gets a code at once. Any other browser, whether or not the
 * address has an account, first gets an approval link e-mailed (the page names the browser, its IP address and the
 * time), then the code: the answers, and the work done before them, are the same either way, so the API does not
 * tell who has an account. Login e-mails are limited per address and requester (login-mail-limits.ts).
 */
export function createEmailLogin(options: EmailLoginOptions) {
  const { storage, codes, now } = options;
  const waitMs = options.deviceWaitMs ?? 25_000;
  const pollMs = options.devicePollMs ?? 1_000;
  const wrongCodes = new WrongCodeLimit(options.counter);
  const approvals = embeddedWalletLoginApprovals;

  const send = async (mail: OutgoingMail) => {
    try {
      await options.mailer.send(mail);
    } catch {
      throw mailUnavailable();
    }
  };

  const sendCode = async (email: string, deviceId: string) =>
    send(mailTexts.loginCode(email, await codes.issue(loginCodeKey(email), { email, deviceId })));

  const approvedDevice = async (userId: string, deviceId: string) => {
    const [row] = await storage.db
      .select()
      .from(embeddedWalletDevices)
      .where(
        and(
          eq(embeddedWalletDevices.userId, userId),
          eq(embeddedWalletDevices.deviceId, deviceId),
          isNotNull(embeddedWalletDevices.approvedAt),
        ),
      );
    return row !== undefined;
  };

  const approval = async (email: string, deviceId: string) => {
    const [row] = await storage.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.email, email), eq(approvals.deviceId, deviceId)));
    return row;
  };

  /** After an approval: sends the code once (a re-polling frame gets VERIFY_OTP without another e-mail). */
  const codeAfterApproval = async (email: string, deviceId: string) => {
    const [claimed] = await storage.db
      .update(approvals)
      .set({ codeSentAt: now() })
      .where(
        and(
          eq(approvals.email, email),
          eq(approvals.deviceId, deviceId),
          isNotNull(approvals.approvedAt),
          isNull(approvals.codeSentAt),
        ),
      )
      .returning();
    if (claimed) await sendCode(email, deviceId);
  };

  return {
    async start(rawEmail: string, deviceId: string, requester: Requester): Promise<Action> {
      const email = normalEmail(rawEmail);
      const user = await userByEmail(storage, email);
      const known = await approvedDevice(user?.id ?? NO_USER, deviceId);
      await takeLoginMail(options.counter, { email, ip: requester.ip, approvedDevice: known });
      if (known) {
        await sendCode(email, deviceId);
        return { action: "VERIFY_OTP" };
      }
      const at = now();
      await storage.db
        .delete(approvals)
        .where(lt(approvals.expiresAt, new Date(at.getTime() - DEVICE_APPROVAL_TTL_MS - CODE_TTL_MS)));
      const token = randomBytes(32).toString("hex");
      const pending = {
        tokenHash: hashToken(token),
        expiresAt: new Date(at.getTime() + DEVICE_APPROVAL_TTL_MS),
        approvedAt: null,
        codeSentAt: null,
        requestedAt: at,
        userAgent: requester.userAgent?.slice(0, 512) ?? null,
        ip: requester.ip,
      };
      await storage.db
        .insert(approvals)
        .values({ email, deviceId, ...pending })
        .onConflictDoUpdate({ target: [approvals.email, approvals.deviceId], set: pending });
      const link = `${options.secureOrigin}${embeddedWalletPaths.deviceApprove}?token=${token}`;
      await send(mailTexts.deviceApproval(email, link));
      return { action: "VERIFY_DEVICE" };
    },

    /** Waits (long poll) for the device's approval; VERIFY_OTP once approved, VERIFY_DEVICE while still waiting. */
    async waitForDevice(rawEmail: string, deviceId: string, signal: AbortSignal): Promise<Action> {
      const email = normalEmail(rawEmail);
      if (!(await approval(email, deviceId)))
        throw new ApiError(
          400,
          "no_device_approval",
          "No device approval is pending for this address and device: start again",
          "deviceId",
        );
      const deadline = Date.now() + waitMs;
      for (;;) {
        const current = await approval(email, deviceId);
        if (current?.approvedAt) {
          await codeAfterApproval(email, deviceId);
          return { action: "VERIFY_OTP" };
        }
        if (!current || current.expiresAt <= now())
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

    /** The pending approval of a link, or undefined when the link is unknown, used or expired. */
    async approvalFor(token: string): Promise<PendingApproval | undefined> {
      const [row] = await storage.db
        .select()
        .from(approvals)
        .where(
          and(eq(approvals.tokenHash, hashToken(token)), gt(approvals.expiresAt, now()), isNull(approvals.approvedAt)),
        );
      return row && { email: row.email, requestedAt: row.requestedAt, userAgent: row.userAgent, ip: row.ip };
    },

    /** Approves the device of a pending link (single use); false when the link is unknown, used or expired. */
    async approve(token: string): Promise<boolean> {
      const at = now();
      const approved = await storage.db
        .update(approvals)
        .set({ approvedAt: at, codeSentAt: null })
        .where(
          and(eq(approvals.tokenHash, hashToken(token)), gt(approvals.expiresAt, at), isNull(approvals.approvedAt)),
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
        .values({ userId: user.id, deviceId, approvedAt: at })
        .onConflictDoUpdate({
          target: [embeddedWalletDevices.userId, embeddedWalletDevices.deviceId],
          set: { approvedAt: at },
        });
      await storage.db.delete(approvals).where(and(eq(approvals.email, email), eq(approvals.deviceId, deviceId)));
      return { token: await options.sessions.open(user.id, deviceId), user: publicUser(user) };
    },
  };
}

export type EmailLogin = ReturnType<typeof createEmailLogin>;
