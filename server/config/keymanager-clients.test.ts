import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

/** The start-up error for these variables, or "" when the server starts. */
function startUpError(env: NodeJS.ProcessEnv): string {
  try {
    parseEnv(env);
    return "";
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
}

describe("validator clients (KEYMANAGER_CLIENTS_*)", () => {
  it("reads each client's stable id, URL, own token and weight", () => {
    const config = parseEnv({
      KEYMANAGER_CLIENTS_ETHEREUM_HOODI:
        "lighthouse-a=https://secret-host-1.corp:7500/, teku-b=https://secret-host-2.corp:7500",
      KEYMANAGER_TOKEN_ETHEREUM_HOODI_LIGHTHOUSE_A: "token-of-lighthouse-a",
      KEYMANAGER_TOKEN_ETHEREUM_HOODI_TEKU_B: "token-of-teku-b",
      KEYMANAGER_WEIGHTS_ETHEREUM_HOODI: "lighthouse-a:2,teku-b:1",
    });
    expect(config.KEYMANAGERS.get("ETHEREUM_HOODI")).toEqual([
      { id: "lighthouse-a", url: "https://secret-host-1.corp:7500", token: "token-of-lighthouse-a", weight: 2 },
      { id: "teku-b", url: "https://secret-host-2.corp:7500", token: "token-of-teku-b", weight: 1 },
    ]);
    expect(config.SECRET_VALUES).toEqual(
      expect.arrayContaining([
        "token-of-lighthouse-a",
        "https://secret-host-1.corp:7500",
        "https://secret-host-2.corp:7500",
      ]),
    );
  });

  it("refuses at start-up a plain-http client that is not on loopback, naming the variable and the client, never its URL", () => {
    const message = startUpError({
      KEYMANAGER_CLIENTS_ETHEREUM_HOODI: "lighthouse-a=http://user:pw@vc1.internal:7500,teku-b=http://127.0.0.1:7500",
      KEYMANAGER_TOKEN_ETHEREUM_HOODI_LIGHTHOUSE_A: "token-of-lighthouse-a",
      KEYMANAGER_TOKEN_ETHEREUM_HOODI_TEKU_B: "token-of-teku-b",
    });
    expect(message).toContain(
      '  KEYMANAGER_CLIENTS_ETHEREUM_HOODI: client "lighthouse-a": plain http is allowed only on loopback (127.0.0.1, ::1, localhost); use https, so its token and the keystore passwords are encrypted on the way',
    );
    expect(message).not.toContain("teku-b");
    for (const secret of ["vc1.internal", "user", "pw@", "token-of"]) expect(message).not.toContain(secret);
    for (const loopback of ["http://127.0.0.1:7500", "http://localhost:7500", "http://[::1]:7500"]) {
      expect(
        startUpError({ KEYMANAGER_CLIENTS_ETHEREUM_HOODI: `a=${loopback}`, KEYMANAGER_TOKEN_ETHEREUM_HOODI_A: "t-a" }),
      ).toBe("");
    }
  });

  it("asks for each client's own token by name, and refuses one token shared by two clients", () => {
    const missing = startUpError({
      KEYMANAGER_CLIENTS_ETHEREUM_HOODI: "lighthouse-a=https://secret-host-1.corp,teku-b=https://secret-host-2.corp",
      KEYMANAGER_TOKEN_ETHEREUM_HOODI_LIGHTHOUSE_A: "token-of-lighthouse-a",
    });
    expect(missing).toContain(
      `  KEYMANAGER_TOKEN_ETHEREUM_HOODI_TEKU_B: required with KEYMANAGER_CLIENTS_ETHEREUM_HOODI: client "teku-b"'s own Keymanager API token`,
    );
    const shared = startUpError({
      KEYMANAGER_CLIENTS_ETHEREUM_HOODI: "lighthouse-a=https://secret-host-1.corp,teku-b=https://secret-host-2.corp",
      KEYMANAGER_TOKEN_ETHEREUM_HOODI_LIGHTHOUSE_A: "one-token-for-both",
      KEYMANAGER_TOKEN_ETHEREUM_HOODI_TEKU_B: "one-token-for-both",
    });
    expect(shared).toContain(
      '  KEYMANAGER_TOKEN_ETHEREUM_HOODI_TEKU_B: the same token as client "lighthouse-a"; each validator client has its own token',
    );
    expect(shared).not.toContain("one-token-for-both");
  });

  it("refuses KEYMANAGER_URLS_* and the shared KEYMANAGER_TOKEN_* with how to migrate", () => {
    const message = startUpError({
      KEYMANAGER_URLS_ETHEREUM_HOODI: "https://secret-host-1.corp:7500,https://secret-host-2.corp:7500",
      KEYMANAGER_TOKEN_ETHEREUM_HOODI: "one-token-for-all",
    });
    expect(message).toContain(
      "  KEYMANAGER_URLS_ETHEREUM_HOODI: no longer read: each validator client now has a stable id and its own token, and each key runs in one of them: set KEYMANAGER_CLIENTS_ETHEREUM_HOODI=<id>=<url>[,<id>=<url>...]",
    );
    expect(message).toContain("KEYMANAGER_TOKEN_ETHEREUM_HOODI_<ID> for each");
    expect(message).toContain("  KEYMANAGER_TOKEN_ETHEREUM_HOODI: one token for all clients is no longer read");
    for (const secret of ["secret-host-1.corp", "one-token-for-all"]) expect(message).not.toContain(secret);
  });

  it("explains bad ids, duplicate clients, weights and stray tokens", () => {
    const message = startUpError({
      KEYMANAGER_CLIENTS_ETHEREUM_HOODI: "Lighthouse_A=https://secret-host-1.corp",
      KEYMANAGER_CLIENTS_ETHEREUM_MAINNET:
        "a=https://secret-host-1.corp,a=https://secret-host-2.corp,b=https://secret-host-1.corp",
      KEYMANAGER_CLIENTS_ETHEREUM_DEVNET: "a=https://secret-host-1.corp,b=https://secret-host-2.corp",
      KEYMANAGER_TOKEN_ETHEREUM_DEVNET_A: "t-a",
      KEYMANAGER_TOKEN_ETHEREUM_DEVNET_B: "t-b",
      KEYMANAGER_WEIGHTS_ETHEREUM_DEVNET: "a:2",
      KEYMANAGER_TOKEN_ETHEREUM_HOLESKY_C: "t-c",
    });
    expect(message).toContain(
      '  KEYMANAGER_CLIENTS_ETHEREUM_HOODI: item 1 of 1: expected <id>=<url>, the id 1-32 lower-case letters, digits and "-" (e.g. lighthouse-a=https://vc1.example:7500); got the id "Lighthouse_A"',
    );
    expect(message).toContain('  KEYMANAGER_CLIENTS_ETHEREUM_MAINNET: client "a" is listed twice');
    expect(message).toContain('  KEYMANAGER_CLIENTS_ETHEREUM_MAINNET: clients "a" and "b" have the same URL');
    expect(message).toContain(
      '  KEYMANAGER_WEIGHTS_ETHEREUM_DEVNET: no weight for client "b": give every client one (0: it takes no new keys)',
    );
    expect(message).toContain(
      "  KEYMANAGER_TOKEN_ETHEREUM_HOLESKY_C: names no client of a KEYMANAGER_CLIENTS_* variable; expected KEYMANAGER_TOKEN_<NETWORK>_<ENVIRONMENT>_<CLIENT ID>",
    );
    expect(message).not.toContain("secret-host-1.corp");
  });
});
