import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPortsFree, parseStackOptions, stackUsage } from "./stack-options.ts";

describe("npm start's options", () => {
  it("--help lists every option with its variable and default", () => {
    const usage = stackUsage();
    expect(usage).toContain("Usage: npm start -- [options]");
    for (const line of [
      "--eth-port               DEVNET_ETH_PORT               Ethereum devnet port (default from networks/ethereum.json, 8545; 0 = any free port)",
      "--conflux-port           DEVNET_CONFLUX_PORT           Conflux eSpace devnet port (default from networks/conflux.json, 8546)",
      "--beacon-port            DEVNET_BEACON_PORT            consensus-layer stand-in port (default from networks/ethereum.json, 5052)",
      "--validator-client-port  DEVNET_VALIDATOR_CLIENT_PORT  validator client stand-in port (default 0 = any free port)",
      "--api-port               API_PORT                      staking server and app port (default 8787, from networks/app.json; 0 = any free port)",
      "--secure-port            SECURE_PORT                   the e-mail wallet's secure frame origin port (default 0 = any free port)",
      "--smtp-port              DEVNET_SMTP_PORT              devnet mail server's SMTP port (default 0 = any free port)",
      "--inbox-port             DEVNET_INBOX_PORT             devnet inbox web view port (default 0 = any free port)",
      '--oidc-port              DEVNET_OIDC_PORT              "Google (devnet)" OpenID Connect provider port (default 0 = any free port)',
      "--app-build-dir          APP_BUILD_DIR                 where the app build and its manifest live (default node_modules/.cache/devnet-app)",
      "--balance                DEVNET_BALANCE                ETH/CFX per dev account (default 1000000)",
      "--help                   (-h)                          print this and exit",
    ])
      expect(usage).toContain(line);
  });

  it("defaults to the ports the build names, and takes flags (either form) over variables", () => {
    const defaults = parseStackOptions([], {});
    expect(defaults).toMatchObject({ apiPort: 8787, securePort: 0, smtpPort: 0, inboxPort: 0, oidcPort: 0 });
    expect(defaults.devnet).toMatchObject({ ethereumPort: 8545, confluxPort: 8546, beaconPort: 5052 });
    const chosen = parseStackOptions(
      ["--api-port", "9787", "--secure-port=9788", "--eth-port", "9545", "--oidc-port", "9790"],
      { API_PORT: "1111", DEVNET_INBOX_PORT: "9789", DEVNET_SMTP_PORT: "9791" },
    );
    expect(chosen).toMatchObject({ apiPort: 9787, securePort: 9788, inboxPort: 9789, oidcPort: 9790, smtpPort: 9791 });
    expect(chosen.devnet.ethereumPort).toBe(9545);
  });

  it("refuses an unknown option, a missing value and a bad port, naming the option", () => {
    const refusal =
      (argv: string[], env: NodeJS.ProcessEnv = {}) =>
      () =>
        parseStackOptions(argv, env);
    expect(refusal(["--api-prot", "9000"])).toThrow("unknown option --api-prot: see npm start -- --help");
    expect(refusal(["9000"])).toThrow('unexpected argument "9000": see npm start -- --help');
    expect(refusal(["--api-port"])).toThrow("--api-port needs a value");
    expect(refusal(["--api-port", "--eth-port", "0"])).toThrow("--api-port needs a value");
    expect(refusal(["--api-port", "abc"])).toThrow(
      '--api-port must be a port from 0 (any free port) to 65535, got "abc"',
    );
    expect(refusal(["--inbox-port=70000"])).toThrow(
      '--inbox-port must be a port from 0 (any free port) to 65535, got "70000"',
    );
    expect(refusal([], { SECURE_PORT: "-1" })).toThrow(
      'SECURE_PORT (--secure-port) must be a port from 0 (any free port) to 65535, got "-1"',
    );
    expect(refusal(["--eth-port", "abc"])).toThrow('--eth-port must be a whole number from 0 to 65535, got "abc"');
    expect(refusal(["--app-port", "5173"])).toThrow(
      "--app-port is gone: the staking server serves the app on its own port, --api-port (API_PORT)",
    );
  });

  it("refuses two options on one port", () => {
    expect(() => parseStackOptions(["--api-port", "9000", "--smtp-port", "9000"], {})).toThrow(
      "--smtp-port 9000 is --api-port's port too: each needs a port of its own",
    );
  });

  describe("with a port in use", () => {
    let blocker: Server;
    let taken: number;
    beforeAll(async () => {
      blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
      taken = (blocker.address() as { port: number }).port;
    });
    afterAll(() => new Promise((resolve) => blocker.close(resolve)));

    it("names the option whose port is taken, before anything starts", async () => {
      const options = parseStackOptions(
        [
          "--eth-port",
          "0",
          "--conflux-port",
          "0",
          "--beacon-port",
          "0",
          "--api-port",
          "0",
          "--inbox-port",
          String(taken),
        ],
        {},
      );
      await expect(checkPortsFree(options)).rejects.toThrow(
        `--inbox-port ${taken} is in use (another stack or program listens there): choose another port, or 0 for any free one`,
      );
      await expect(checkPortsFree({ ...options, inboxPort: 0 })).resolves.toBeUndefined();
    });
  });
});
