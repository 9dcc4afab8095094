import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";

const on = {
  SECURE_ORIGIN: "https://wallet.example.org",
  SMTP_URL: "smtp://mailer:s3cret-pass@mail.example.org:587",
  EMBEDDED_WALLET_SHARE_KEY: "ab".repeat(32),
};

const problemsOf = (env: NodeJS.ProcessEnv) => {
  try {
    parseEnv(env);
  } catch (error) {
    return (error as Error).message.split("\n").slice(1);
  }
  return [];
};

describe("the embedded wallet's environment", () => {
  it("is off without SECURE_ORIGIN, and then needs nothing else", () => {
    const config = parseEnv({});
    expect(config.SECURE_ORIGIN).toBeUndefined();
    expect(config.SMTP_FROM).toBe("Wallet <wallet@localhost>");
    expect(config.EMBEDDED_WALLET_ALLOWED_ORIGINS).toEqual(["http://127.0.0.1:8787"]);
  });

  it("is on with SECURE_ORIGIN, SMTP_URL and the share key; the allowed host pages default to the app's origin", () => {
    const config = parseEnv({ ...on, PUBLIC_BASE_URL: "https://stake.example.org/" });
    expect(config.SECURE_ORIGIN).toBe("https://wallet.example.org");
    expect(config.EMBEDDED_WALLET_ALLOWED_ORIGINS).toEqual(["https://stake.example.org"]);
    expect(config.SECRET_VALUES).toEqual(expect.arrayContaining([on.SMTP_URL, on.EMBEDDED_WALLET_SHARE_KEY]));
    const listed = parseEnv({
      ...on,
      EMBEDDED_WALLET_ALLOWED_ORIGINS: "https://a.example.org, https://b.example.org:8443",
    });
    expect(listed.EMBEDDED_WALLET_ALLOWED_ORIGINS).toEqual(["https://a.example.org", "https://b.example.org:8443"]);
  });

  it("lists every missing or bad variable at once, never showing the SMTP URL or the share key", () => {
    expect(problemsOf({ SECURE_ORIGIN: "https://wallet.example.org" })).toEqual([
      "  SMTP_URL: required when SECURE_ORIGIN is set, to send the one-time codes",
      "  EMBEDDED_WALLET_SHARE_KEY: required when SECURE_ORIGIN is set, to encrypt the stored key shares (64 hexadecimal digits)",
    ]);
    const problems = problemsOf({
      SECURE_ORIGIN: "https://wallet.example.org/frame",
      SMTP_URL: "http://mailer:s3cret-pass@mail.example.org",
      EMBEDDED_WALLET_SHARE_KEY: "0x1234s3cret",
      EMBEDDED_WALLET_ALLOWED_ORIGINS: "https://ok.example.org,not a url",
    });
    expect(problems).toEqual([
      "  SECURE_ORIGIN: expected an origin only (scheme, host and port), without a path, such as https://wallet.example.org (got a https:// URL; the value is secret and not shown)",
      '  EMBEDDED_WALLET_ALLOWED_ORIGINS: expected an http(s) origin such as https://app.example.org (got "https://ok.example.org,not a url")',
      "  EMBEDDED_WALLET_SHARE_KEY: expected 64 hexadecimal digits (32 random bytes), optionally after 0x (got 0x and 10 characters, not all hexadecimal; the value is secret and not shown)",
      "  SMTP_URL: expected an smtp:// or smtps:// URL such as smtp://user:password@mail.example.org:587 (got a http:// URL with a user name or password; the value is secret and not shown)",
    ]);
    expect(problems.join("\n")).not.toContain("s3cret");
  });

  it("takes social login client secrets from OIDC_<PROVIDER>_CLIENT_SECRET, as secrets, and refuses an empty one", () => {
    const config = parseEnv({ ...on, OIDC_GOOGLE_CLIENT_SECRET: "GOCSPX-s3cret-google" });
    expect(config.OIDC_GOOGLE_CLIENT_SECRET).toBe("GOCSPX-s3cret-google");
    expect(config.SECRET_VALUES).toContain("GOCSPX-s3cret-google");
    const problems = problemsOf({ ...on, OIDC_GITHUB_CLIENT_SECRET: "" });
    expect(problems).toEqual([
      "  OIDC_GITHUB_CLIENT_SECRET: expected the client secret the provider issued, or leave the variable unset (got an empty value; the value is secret and not shown)",
    ]);
  });

  it("refuses a secure origin that is the app's own origin", () => {
    expect(problemsOf({ ...on, PUBLIC_BASE_URL: "https://wallet.example.org" })).toEqual([
      "  SECURE_ORIGIN: must differ from the app's origin (PUBLIC_BASE_URL): the frame needs its own origin",
    ]);
  });

  it("reads previous share keys from EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS as secrets, naming a bad item without showing it", () => {
    const previous = ["cd".repeat(32), `0x${"ef".repeat(32)}`];
    const config = parseEnv({ ...on, EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS: ` ${previous[0]} , ${previous[1]}` });
    expect(config.EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS).toEqual(previous);
    expect(config.SECRET_VALUES).toEqual(expect.arrayContaining(previous));
    expect(parseEnv(on).EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS).toEqual([]);

    const problems = problemsOf({ ...on, EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS: `${"cd".repeat(32)},0xs3cret99` });
    expect(problems).toEqual([
      "  EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS: item 2 of 2: expected 64 hexadecimal digits (32 random bytes), optionally after 0x (got 75 characters; the value is secret and not shown)",
    ]);
    expect(problems.join("\n")).not.toContain("s3cret");
    expect(problems.join("\n")).not.toContain("cdcdcd");
    expect(problemsOf({ ...on, EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS: `0x${"AB".repeat(32)}` })).toEqual([
      "  EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS: item 1 is the current EMBEDDED_WALLET_SHARE_KEY; list only the keys it replaced",
    ]);
  });
});
