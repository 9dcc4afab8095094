import type { Transport } from "viem";
import { type Config, type CreateConnectorFn, createConfig } from "wagmi";
import { injected, walletConnect } from "wagmi/connectors";
import { createChainTransport } from "./create-transport.ts";
import type { ModalKitOptions } from "./kit-options.ts";

/**
 * The wagmi config of the kit: the host's networks over fallback http transports, EIP-6963 discovery (on by
 * default), the generic injected provider, and WalletConnect only when a project id is given.
 */
export function createWagmiConfig(options: ModalKitOptions): Config {
  return createWagmiConfigUncached(options);
}

const configs = new WeakMap<ModalKitOptions, Config>();

/**
 * The one wagmi config of a kit's options: the modal and the host's transaction screens must share it, or
 * they would see two different connections.
 */
export function wagmiConfigFor(options: ModalKitOptions): Config {
  let config = configs.get(options);
  if (!config) {
    config = createWagmiConfigUncached(options);
    configs.set(options, config);
  }
  return config;
}

function createWagmiConfigUncached(options: ModalKitOptions): Config {
  const connectors: CreateConnectorFn[] = [injected()];
  if (options.projectId) {
    connectors.push(
      walletConnect({
        projectId: options.projectId,
        metadata: { ...options.metadata, icons: [...options.metadata.icons] },
        showQrModal: false,
        ...(options.walletConnectRelayUrl ? { relayUrl: options.walletConnectRelayUrl } : {}),
      }),
    );
  }
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
