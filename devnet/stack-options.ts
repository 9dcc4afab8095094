/**
 * `npm start`'s options (devnet/start-stack.ts): those of `npm run devnet`, the staking server's port and every
 * other port the stack listens on, each as a flag or an environment variable, so a second stack runs beside the
 * first on other ports. `--help` lists them with their defaults.
 */
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { app as appConfig } from "../src/generated/index.ts";
import { DEVNET_OPTIONS, type DevnetSettings, devnetSettings } from "./devnet-settings.ts";

const root = resolve(import.meta.dirname, "..");

/** The staking server's port by default: the one of the devnet build's apiBaseUrl (networks/app.json), 8787. */
const DEFAULT_API_PORT = Number(new URL(appConfig.apiBaseUrl.devnet).port || 80);

/** The stack's own options beyond the devnet's: flag, environment variable, help with the default. */
export const STACK_OPTIONS = [
  [
    "api-port",
    "API_PORT",
    `staking server and app port (default ${DEFAULT_API_PORT}, from networks/app.json; 0 = any free port)`,
  ],
  ["secure-port", "SECURE_PORT", "the e-mail wallet's secure frame origin port (default 0 = any free port)"],
  ["smtp-port", "DEVNET_SMTP_PORT", "devnet mail server's SMTP port (default 0 = any free port)"],
  ["inbox-port", "DEVNET_INBOX_PORT", "devnet inbox web view port (default 0 = any free port)"],
  ["oidc-port", "DEVNET_OIDC_PORT", `"Google (devnet)" OpenID Connect provider port (default 0 = any free port)`],
  [
    "app-build-dir",
    "APP_BUILD_DIR",
    "where the app build and its manifest live (default node_modules/.cache/devnet-app)",
  ],
] as const;

/** Port options, as named in messages, each with the setting it fills. */
const PORT_OPTIONS = [
  ["eth-port", "ethereumPort"],
  ["conflux-port", "confluxPort"],
  ["beacon-port", "beaconPort"],
  ["validator-client-port", "validatorClientPort"],
  ["api-port", "apiPort"],
  ["secure-port", "securePort"],
  ["smtp-port", "smtpPort"],
  ["inbox-port", "inboxPort"],
  ["oidc-port", "oidcPort"],
] as const;

export interface StackOptions {
  readonly devnet: DevnetSettings;
  /** The staking server's port, which serves the app too; 0 lets the system pick one. */
  readonly apiPort: number;
  /** The e-mail wallet's secure origin's port; 0 lets the system pick one. */
  readonly securePort: number;
  readonly smtpPort: number;
  readonly inboxPort: number;
  readonly oidcPort: number;
  /** Where the app build and its manifest live. */
  readonly appBuildDir: string;
}

/** A bad command line or variable: the message names the option and what it expects. */
export class StackOptionError extends Error {
  override readonly name = "StackOptionError";
}

/** Every option of `npm start`, with its variable and default. */
export function stackUsage(): string {
  const lines = [...DEVNET_OPTIONS, ...STACK_OPTIONS].map(
    ([flag, envName, help]) => `  --${flag.padEnd(22)} ${envName.padEnd(29)} ${help}`,
  );
  return [
    "Usage: npm start -- [options]",
    "",
    "Starts the local stack: both devnet chains, the consensus-layer stand-in, the staking server serving the app",
    'with the Devnet Wallet, the e-mail wallet\'s secure origin, the devnet inbox and "Google (devnet)".',
    "A second stack runs beside the first when every port differs (0 picks a free one).",
    "",
    "Options (flag as --name value or --name=value, or the environment variable):",
    ...lines,
    `  --${"help".padEnd(22)} ${"(-h)".padEnd(29)} print this and exit`,
    "",
    "The staking server's own variables (DATA_DIR, LOG_LEVEL, ...) apply too: docs/configuration.md.",
    "",
  ].join("\n");
}

const KNOWN = new Set<string>([...DEVNET_OPTIONS, ...STACK_OPTIONS].map(([flag]) => flag));

/** Refuses anything on the command line that is not one of the options with a value. */
function checkArguments(argv: readonly string[]): void {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith("--")) throw new StackOptionError(`unexpected argument "${arg}": see npm start -- --help`);
    const [name = "", inline] = arg.slice(2).split(/=(.*)/s);
    if (!KNOWN.has(name)) throw new StackOptionError(`unknown option --${name}: see npm start -- --help`);
    if (inline !== undefined) continue;
    const value = argv[i + 1];
    if (value === undefined || value.startsWith("--")) throw new StackOptionError(`--${name} needs a value`);
    i++;
  }
}

/** `--name value` or `--name=value`, else the environment variable. */
function optionText(argv: readonly string[], flag: string, envName: string, env: NodeJS.ProcessEnv) {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === `--${flag}`) return { text: argv[i + 1], from: `--${flag}` };
    if (arg.startsWith(`--${flag}=`)) return { text: arg.slice(flag.length + 3), from: `--${flag}` };
  }
  return { text: env[envName], from: `${envName} (--${flag})` };
}

function port(argv: readonly string[], flag: string, envName: string, env: NodeJS.ProcessEnv, fallback: number) {
  const { text, from } = optionText(argv, flag, envName, env);
  if (text === undefined || text === "") return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value > 65535)
    throw new StackOptionError(`${from} must be a port from 0 (any free port) to 65535, got "${text}"`);
  return value;
}

/**
 * The options from the command line and the environment (flags win). Throws a StackOptionError for an unknown
 * option, a missing value or a bad one, and when two options name one port.
 */
export function parseStackOptions(argv: readonly string[], env: NodeJS.ProcessEnv): StackOptions {
  if (argv.includes("--app-port"))
    throw new StackOptionError(
      "--app-port is gone: the staking server serves the app on its own port, --api-port (API_PORT)",
    );
  checkArguments(argv);
  let devnet: DevnetSettings;
  try {
    devnet = devnetSettings(argv, env);
  } catch (error) {
    throw new StackOptionError(`--${error instanceof Error ? error.message : String(error)}`);
  }
  const buildDir = optionText(argv, "app-build-dir", "APP_BUILD_DIR", env).text;
  const options: StackOptions = {
    devnet,
    apiPort: port(argv, "api-port", "API_PORT", env, DEFAULT_API_PORT),
    securePort: port(argv, "secure-port", "SECURE_PORT", env, 0),
    smtpPort: port(argv, "smtp-port", "DEVNET_SMTP_PORT", env, 0),
    inboxPort: port(argv, "inbox-port", "DEVNET_INBOX_PORT", env, 0),
    oidcPort: port(argv, "oidc-port", "DEVNET_OIDC_PORT", env, 0),
    appBuildDir: resolve(
      buildDir === undefined || buildDir === "" ? join(root, "node_modules/.cache/devnet-app") : buildDir,
    ),
  };
  const owner = new Map<number, string>();
  for (const [flag, port] of chosenPorts(options)) {
    const other = owner.get(port);
    if (other) throw new StackOptionError(`--${flag} ${port} is --${other}'s port too: each needs a port of its own`);
    owner.set(port, flag);
  }
  return options;
}

/** The fixed (non-zero) ports the options name, with their option. */
function chosenPorts(options: StackOptions): [string, number][] {
  const value = (key: (typeof PORT_OPTIONS)[number][1]) =>
    key in options.devnet ? options.devnet[key as keyof DevnetSettings] : options[key as keyof StackOptions];
  return PORT_OPTIONS.flatMap(([flag, key]) => {
    const port = value(key) as number;
    return port === 0 ? [] : [[flag, port] as [string, number]];
  });
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Before anything starts: every fixed port is free on 127.0.0.1, else an error naming its option. */
export async function checkPortsFree(options: StackOptions): Promise<void> {
  for (const [flag, port] of chosenPorts(options)) {
    if (!(await isFree(port)))
      throw new StackOptionError(
        `--${flag} ${port} is in use (another stack or program listens there): choose another port, or 0 for any free one`,
      );
  }
}
