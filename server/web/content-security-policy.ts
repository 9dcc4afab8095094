import type { EnvironmentKind, Network } from "../../src/generated/index.ts";

/**
 * Where WalletConnect's libraries connect (checked in @walletconnect/core, sign-client, universal-provider and
 * ethereum-provider): the relay over WebSocket, and over https its verify, pulse (analytics), echo, keys and
 * RPC services, plus the wallet list API. Allowed only when a WalletConnect project id is configured.
 */
export const WALLETCONNECT_CONNECT_SOURCES = [
  "wss://relay.walletconnect.org",
  "wss://relay.walletconnect.com",
  "https://*.walletconnect.org",
  "https://*.walletconnect.com",
  "https://api.web3modal.org",
] as const;

/** WalletConnect's verify service attests the page's origin from a hidden frame. */
export const WALLETCONNECT_FRAME_SOURCES = ["https://verify.walletconnect.org", "https://verify.walletconnect.com"];

export interface ContentSecurityPolicyInput {
  /** Every configured network (the generated registry). */
  readonly registry: readonly Network[];
  /** The environment kinds this server serves (SERVE_KINDS): their RPC endpoints and API base are reachable. */
  readonly kinds: readonly EnvironmentKind[];
  /** The staking backend's base address per build (networks/app.json apiBaseUrl). */
  readonly apiBaseUrls: Readonly<Record<EnvironmentKind, string>>;
  /** Where browsers reach this server (PUBLIC_BASE_URL): the RPC endpoints it hands out point here. */
  readonly publicBaseUrl: string;
  /** networks/app.json walletProjectId: WalletConnect is reachable only with one. */
  readonly walletProjectId?: string | undefined;
  /** Hash sources of the served index.html's inline scripts (its pre-paint theme script), allowed and no others. */
  readonly inlineScriptHashes?: readonly string[];
  /** Origins the app frames: the embedded wallet's secure origin (SECURE_ORIGIN) when it is on. */
  readonly frameOrigins?: readonly string[];
  /** Chain id → the public RPC URL the served app uses instead of the registry's (APP_RPC_URLS). */
  readonly rpcUrlOverrides?: Readonly<Record<string, string>>;
}

const originOf = (url: string) => new URL(url).origin;

/** The public RPC URLs of every environment of the served kinds (never the secret RPC_UPSTREAMS_*). */
function rpcOrigins(
  registry: readonly Network[],
  kinds: readonly EnvironmentKind[],
  overrides: Readonly<Record<string, string>> = {},
): string[] {
  const environments = registry.flatMap((network) => [
    ...(network.environments ?? []),
    ...(network.subNetworks ?? []).flatMap((sub) => sub.environments ?? []),
  ]);
  return environments
    .filter((environment) => kinds.includes(environment.kind))
    .flatMap((environment) => {
      const override = overrides[String(environment.chainId)];
      return override === undefined ? environment.rpcUrls.map(originOf) : [originOf(override)];
    });
}

const unique = (values: readonly string[]) => [...new Set(values)];

/**
 * The web app's Content-Security-Policy, built from config: scripts only from this origin and the served page's
 * own inline scripts by hash (plus compiling WebAssembly, which the deposit verifier's worker does), no framing by any origin, and connections only to
 * the API, this server, the served environments' RPC endpoints and, with a project id, WalletConnect. Images
 * come from this origin, data:/blob: URLs (generated and fetched wallet icons) and the wallet catalogue (the API).
 * Styles come from this origin's stylesheets only (the UI sets styles through the DOM, which CSP allows; the kit
 * runs WalletConnect without its own modal, so no library injects style elements).
 */
export function contentSecurityPolicy(input: ContentSecurityPolicyInput): string {
  const apiOrigins = unique(input.kinds.map((kind) => originOf(input.apiBaseUrls[kind])));
  const walletConnect = input.walletProjectId !== undefined && input.walletProjectId !== "";
  const self = "'self'";
  const directives: ReadonlyArray<readonly [string, readonly string[]]> = [
    ["default-src", [self]],
    ["script-src", [self, ...(input.inlineScriptHashes ?? []), "'wasm-unsafe-eval'"]],
    ["style-src", [self]],
    ["img-src", unique([self, "data:", "blob:", ...apiOrigins])],
    ["font-src", [self]],
    [
      "connect-src",
      unique([
        self,
        ...apiOrigins,
        originOf(input.publicBaseUrl),
        ...rpcOrigins(input.registry, input.kinds, input.rpcUrlOverrides),
        ...(walletConnect ? WALLETCONNECT_CONNECT_SOURCES : []),
      ]),
    ],
    ["worker-src", [self, "blob:"]],
    [
      "frame-src",
      [...(input.frameOrigins ?? []), ...(walletConnect ? WALLETCONNECT_FRAME_SOURCES : [])].length > 0
        ? [...(input.frameOrigins ?? []), ...(walletConnect ? WALLETCONNECT_FRAME_SOURCES : [])]
        : ["'none'"],
    ],
    ["frame-ancestors", ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", [self]],
    ["form-action", [self]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}
