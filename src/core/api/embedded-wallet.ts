import * as z from "zod/mini";
import { addressSchema } from "./wire.ts";

/**
 * The embedded wallet's API (docs/embedded-wallet.md). Served on the secure origin (SECURE_ORIGIN),
 * called by the secure frame only, except GET /embedded-wallet/config, which the app reads on its own origin.
 * Sessions are bearer tokens (Authorization: Bearer <64 hex digits>) the frame keeps to itself.
 */
export const embeddedWalletPaths = {
  config: "/embedded-wallet/config",
  allowedOrigins: "/embedded-wallet/allowed-origins",
  emailStart: "/embedded-wallet/email/start",
  emailDevice: "/embedded-wallet/email/device",
  emailOtp: "/embedded-wallet/email/otp",
  deviceApprove: "/embedded-wallet/device/approve",
  session: "/embedded-wallet/session",
  signOut: "/embedded-wallet/sign-out",
  wallet: "/embedded-wallet/wallet",
  walletShare: "/embedded-wallet/wallet/share",
  walletNonce: "/embedded-wallet/wallet/nonce",
  emailUpdate: "/embedded-wallet/email/update",
  emailUpdatePrimary: "/embedded-wallet/email/update/primary",
  emailUpdateSecondary: "/embedded-wallet/email/update/secondary",
  socialStart: "/embedded-wallet/social/start",
  socialCallback: "/embedded-wallet/social/callback",
  socialConnect: "/embedded-wallet/social/connect",
} as const;

/** One login e-mail per address per this many seconds (the kit's email cooldown). */
export const EMAIL_COOLDOWN_SECONDS = 30;

function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  z.globalRegistry.add(schema, { description });
  return schema;
}

export const emailSchema = described(
  z
    .string()
    .check(
      z.maxLength(254, "expected an e-mail address of at most 254 characters"),
      z.email("expected an e-mail address such as name@example.org"),
    ),
  "An e-mail address (compared without regard to case).",
);

export const deviceIdSchema = described(
  z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/, "expected a device id: 16 to 128 letters, digits, - or _")),
  "The frame's random id for this browser (kept in the secure origin's storage).",
);

export const otpSchema = described(
  z.string().check(z.regex(/^\d{6}$/, "expected the 6-digit code from the e-mail")),
  "The 6-digit one-time code from the e-mail.",
);

export const embeddedWalletConfigResponse = z.object({
  enabled: z.boolean(),
  secureOrigin: z.optional(described(z.string(), "The secure frame's origin; absent when the wallet is off.")),
  socials: z.optional(
    described(
      z.array(z.string()),
      "Social login providers configured on the secure origin (app.json walletKit.socialLogin).",
    ),
  ),
});

export const allowedOriginsResponse = z.object({
  allowedOrigins: described(z.array(z.string()), "Pages that may embed the frame and exchange messages with it."),
});

export const emailStartBody = z.strictObject({ email: emailSchema, deviceId: deviceIdSchema });
export const emailDeviceBody = emailStartBody;
export const emailOtpBody = z.strictObject({ email: emailSchema, deviceId: deviceIdSchema, otp: otpSchema });

export const emailActionResponse = z.object({
  action: described(
    z.enum(["VERIFY_OTP", "VERIFY_DEVICE"]),
    "VERIFY_OTP: a code was sent; VERIFY_DEVICE: a device-approval link was sent, then call POST /embedded-wallet/email/device.",
  ),
});

export const embeddedWalletUser = z.object({
  email: z.string(),
  address: z.nullable(addressSchema),
});

export const emailOtpResponse = z.object({
  token: described(z.string(), "Bearer token of the new session (64 hexadecimal digits)."),
  user: embeddedWalletUser,
});

export const sessionResponse = z.object({ user: embeddedWalletUser });

export const authorizationHeaders = z.object({
  authorization: z.optional(
    described(z.string(), "Bearer <token>, the token POST /embedded-wallet/email/otp answered."),
  ),
});

/** The server's share as the frame encodes it; opaque to the server. */
export const serverShareSchema = described(
  z
    .string()
    .check(z.regex(/^[\x21-\x7e]{1,2048}$/, "expected the share as 1 to 2048 printable characters without spaces")),
  "The server's share of the key, as the frame encodes it (opaque to the server, stored encrypted).",
);

/** A nonce for one share replacement: 64 hexadecimal digits. */
export const shareNonceSchema = described(
  z
    .string()
    .check(
      z.regex(/^[0-9a-f]{64}$/, "expected the nonce from POST /embedded-wallet/wallet/nonce: 64 hexadecimal digits"),
    ),
  "The nonce POST /embedded-wallet/wallet/nonce issued (works once, for 10 minutes).",
);

/** The wallet key's consent to a new share (src/core/embedded-wallet/share-proof.ts builds the signed message). */
export const shareProofSchema = z.strictObject({
  nonce: shareNonceSchema,
  signature: described(
    z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/, "expected a 65-byte signature: 0x and 130 hexadecimal digits")),
    "EIP-191 personal_sign, by the key of the wallet the account holds now, of the share message (see the operation's description).",
  ),
});

export const walletBody = z.strictObject({
  address: addressSchema,
  serverShare: serverShareSchema,
  proof: z.optional(shareProofSchema),
});
export const walletNonceResponse = z.object({ nonce: shareNonceSchema });
export const walletShareResponse = z.object({ address: addressSchema, serverShare: z.string() });

export const emailUpdateBody = z.strictObject({ newEmail: emailSchema });
export const emailUpdateOtpBody = z.strictObject({ otp: otpSchema });
export const emailUpdateActionResponse = z.object({
  action: z.enum(["VERIFY_PRIMARY_OTP", "VERIFY_SECONDARY_OTP"]),
});

export const socialProviderSchema = described(
  z.enum(["google", "x", "discord", "apple", "github", "facebook"]),
  "A social login provider, by the kit's id (configured in app.json walletKit.socialLogin).",
);
const hex64 = (what: string) =>
  z.string().check(z.regex(/^[0-9a-fA-F]{64}$/, `expected ${what}: 64 hexadecimal digits`));

export const socialStartBody = z.strictObject({
  provider: socialProviderSchema,
  deviceId: deviceIdSchema,
  frameKeyHash: described(
    hex64("the SHA-256 of the frame's key"),
    "SHA-256 (hex) of a random 32-byte key the frame generates for this login and keeps to itself; POST /embedded-wallet/social/connect must present the key.",
  ),
});
export const socialStartResponse = z.object({
  uri: described(z.string(), "The provider's authorization URL, to open in the 600×800 popup."),
});
export const socialConnectBody = z.strictObject({
  deviceId: deviceIdSchema,
  frameKey: described(
    hex64("the frame's key"),
    "The key whose SHA-256 the login was started with (hex): only the frame that started the login has it.",
  ),
});
export const socialConnectResponse = z.object({
  token: described(z.string(), "Bearer token of the new session (64 hexadecimal digits)."),
  user: embeddedWalletUser,
  userName: z.optional(described(z.string(), "The provider's name for the user (the kit's social username).")),
});
export type SocialConnectResponse = z.output<typeof socialConnectResponse>;

export type EmbeddedWalletUser = z.output<typeof embeddedWalletUser>;
