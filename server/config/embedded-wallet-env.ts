import { z } from "zod";
import { commaList, portNumber } from "./env-fields.ts";

/** The origin of an http(s) URL written as an origin alone (a trailing slash allowed), or a problem. */
function originOf(value: string): { origin: string } | { problem: "form" | "path" } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: "form" };
  }
  if (!/^https?:$/.test(url.protocol)) return { problem: "form" };
  return url.origin === value.replace(/\/$/, "") ? { origin: url.origin } : { problem: "path" };
}

const originSchema = (example: string) =>
  z
    .string()
    .superRefine((value, context) => {
      const found = originOf(value);
      if ("problem" in found)
        context.addIssue({
          code: "custom",
          message:
            found.problem === "path"
              ? `expected an origin only (scheme, host and port), without a path, such as ${example}`
              : `expected an http(s) origin such as ${example}`,
        });
    })
    .transform((value) => new URL(value).origin);

const SHARE_KEY = /^(?:0x)?[0-9a-fA-F]{64}$/;

/**
 * The embedded wallet's environment variables (docs/embedded-wallet.md), merged into the server's
 * schema. The feature is on when SECURE_ORIGIN is set; it then needs SMTP_URL and EMBEDDED_WALLET_SHARE_KEY
 * (embeddedWalletProblems).
 */
export const embeddedWalletEnv = {
  /** The secure frame's origin, served by this process on a second listener; unset: the embedded wallet is off. */
  SECURE_ORIGIN: originSchema("https://wallet.example.org").optional(),
  /** The port of that second listener; default SECURE_ORIGIN's port (a TLS proxy in front may make them differ). */
  SECURE_PORT: portNumber().optional(),
  /** The built frame app served on the secure origin; default SERVE_APP_DIR's secure/ folder. */
  SECURE_APP_DIR: z.string().min(1).optional(),
  /** Pages that may embed the frame (its CSP frame-ancestors, its postMessage peers); default: the app's origin. */
  EMBEDDED_WALLET_ALLOWED_ORIGINS: commaList().pipe(z.array(originSchema("https://app.example.org"))),
  /** AES-256-GCM key (64 hex digits) encrypting the stored server shares of embedded wallets. */
  EMBEDDED_WALLET_SHARE_KEY: z
    .string()
    .regex(SHARE_KEY, "expected 64 hexadecimal digits (32 random bytes), optionally after 0x")
    .optional(),
  /** Share keys replaced by EMBEDDED_WALLET_SHARE_KEY, comma-separated: shares under them are still read until rotated. */
  EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS: commaList().superRefine((keys, context) => {
    keys.forEach((key, index) => {
      if (!SHARE_KEY.test(key))
        context.addIssue({
          code: "custom",
          message: `item ${index + 1} of ${keys.length}: expected 64 hexadecimal digits (32 random bytes), optionally after 0x`,
        });
    });
  }),
  /** The mail server for one-time codes: smtp://[user:password@]host:port, or smtps:// for TLS from the start. */
  SMTP_URL: z
    .string()
    .refine((value) => {
      try {
        return /^smtps?:$/.test(new URL(value).protocol) && new URL(value).hostname !== "";
      } catch {
        return false;
      }
    }, "expected an smtp:// or smtps:// URL such as smtp://user:password@mail.example.org:587")
    .optional(),
  /** The From: of the wallet's e-mails. */
  SMTP_FROM: z
    .string()
    .min(3, "expected a sender such as Wallet <wallet@example.org>")
    .default("Wallet <wallet@localhost>"),
  /** Client secrets of the social login providers configured in app.json (walletKit.socialLogin), if they issued one. */
  ...(Object.fromEntries(
    (["GOOGLE", "X", "DISCORD", "APPLE", "GITHUB", "FACEBOOK"] as const).map((provider) => [
      `OIDC_${provider}_CLIENT_SECRET`,
      z.string().min(1, "expected the client secret the provider issued, or leave the variable unset").optional(),
    ]),
  ) as Record<
    `OIDC_${"GOOGLE" | "X" | "DISCORD" | "APPLE" | "GITHUB" | "FACEBOOK"}_CLIENT_SECRET`,
    z.ZodOptional<z.ZodString>
  >),
};

/** Problems across the embedded wallet's variables, as problem lines. */
export function embeddedWalletProblems(config: {
  SECURE_ORIGIN?: string | undefined;
  SMTP_URL?: string | undefined;
  EMBEDDED_WALLET_SHARE_KEY?: string | undefined;
  EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS?: readonly string[];
  PUBLIC_BASE_URL?: string | undefined;
}): string[] {
  const bare = (key: string) => key.replace(/^0x/, "").toLowerCase();
  const current = config.EMBEDDED_WALLET_SHARE_KEY && bare(config.EMBEDDED_WALLET_SHARE_KEY);
  const repeated = (config.EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS ?? []).findIndex((key) => bare(key) === current);
  const previousProblems =
    repeated >= 0
      ? [
          `  EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS: item ${repeated + 1} is the current EMBEDDED_WALLET_SHARE_KEY; list only the keys it replaced`,
        ]
      : [];
  if (!config.SECURE_ORIGIN) return previousProblems;
  const problems: string[] = [...previousProblems];
  if (!config.SMTP_URL) problems.push("  SMTP_URL: required when SECURE_ORIGIN is set, to send the one-time codes");
  if (!config.EMBEDDED_WALLET_SHARE_KEY)
    problems.push(
      "  EMBEDDED_WALLET_SHARE_KEY: required when SECURE_ORIGIN is set, to encrypt the stored key shares (64 hexadecimal digits)",
    );
  if (config.PUBLIC_BASE_URL && new URL(config.PUBLIC_BASE_URL).origin === config.SECURE_ORIGIN)
    problems.push(
      "  SECURE_ORIGIN: must differ from the app's origin (PUBLIC_BASE_URL): the frame needs its own origin",
    );
  return problems;
}
