import type { Transport } from "viem";
import { type Config, type CreateConnectorFn, createConfig } from "wagmi";
import { injected } from "wagmi/connectors";
import { createChainTransport } from "./create-transport.ts";
import type { ModalKitOptions } from "./kit-options.ts";

/** Builds the WalletConnect connector (config/walletconnect-connector.ts, loaded only with a project id). */
export type WalletConnectFactory = (options: ModalKitOptions, projectId: string) => CreateConnectorFn;

/**
 * The wagmi config of the kit: the host's networks over fallback http transports, EIP-6963 discovery (on by
 * default), the generic injected provider, and WalletConnect when a project id and its factory are given.
 */
export function createWagmiConfig(
  options: ModalKitOptions,
  walletConnect?: WalletConnectFactory,
  embeddedWallet?: CreateConnectorFn,
): Config {
  const connectors: CreateConnectorFn[] = [injected()];
  if (options.projectId && walletConnect) connectors.push(walletConnect(options, options.projectId));
  if (embeddedWallet) connectors.push(embeddedWallet);
  const transports: Record<number, Transport> = Object.fromEntries(
    options.networks.map((chain) => [
      chain.id,
      createChainTransport(chain, options.customRpcUrls?.[chain.id], options.rpcEndpoints?.[chain.id]),
    ]),
  );
  return createConfig({
    chains: options.networks,
    connectors,
    transports,
    multiInjectedProviderDiscovery: true,
  });
}

/**
 * The embedded wallet's AUTH connector when the host gives a secure origin (its code loads only then); a
 * host whose embedded-wallet config cannot be read goes on without it.
 */
async function loadEmbeddedWallet(options: ModalKitOptions): Promise<CreateConnectorFn | undefined> {
  const secureOrigin = await options.secureSiteOrigin?.().catch(() => undefined);
  if (!secureOrigin) return undefined;
  const [{ authConnector }, { createFrameMessenger }] = await Promise.all([
    import("../embedded-wallet/auth-connector.ts"),
    import("../embedded-wallet/frame-messenger.ts"),
  ]);
  const messenger = createFrameMessenger({
    secureOrigin,
    projectId: options.projectId ?? "self-hosted",
    chainId: options.networks[0].id,
    version: options.version ?? "1",
  });
  const socials = (await options.socialLogins?.().catch(() => undefined)) ?? [];
  return authConnector(messenger, { secureOrigin, socials });
}

const configs = new WeakMap<ModalKitOptions, Promise<Config>>();

/**
 * The one wagmi config of a kit's options (the modal and the host's transaction screens must share it, or
 * they would see two different connections). The WalletConnect connector loads first when a project id is
 * set; a failed load is not remembered, so the next call tries again.
 */
export function loadWagmiConfigFor(options: ModalKitOptions): Promise<Config> {
  let config = configs.get(options);
  if (!config) {
    const walletConnect: Promise<WalletConnectFactory | undefined> = options.projectId
      ? import("./walletconnect-connector.ts").then((module) => module.walletConnectConnector)
      : Promise.resolve(undefined);
    config = Promise.all([walletConnect, loadEmbeddedWallet(options)]).then(
      ([factory, embedded]) => createWagmiConfig(options, factory, embedded),
      (error: unknown) => {
        configs.delete(options);
        throw error;
      },
    );
    configs.set(options, config);
  }
  return config;
}
