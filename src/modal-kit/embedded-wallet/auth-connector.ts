import { type EIP1193RequestFn, getAddress } from "viem";
import { createConnector } from "wagmi";
import type { FrameUser } from "../../core/embedded-wallet/protocol.ts";
import { AUTH_CONNECTOR_ID } from "./auth-connector-id.ts";
import { clearCached, readCached, writeCached } from "./embedded-wallet-cache.ts";
import {
  type ChainReader,
  createEmbeddedWalletProvider,
  type EmbeddedWalletProvider,
} from "./embedded-wallet-provider.ts";
import type { FrameMessenger } from "./frame-messenger.ts";
import { moveToNewWallet } from "./move-funds.ts";

/** Where social logins' results come from, and which providers the secure origin has configured. */
export interface SocialSettings {
  readonly secureOrigin: string;
  readonly socials: readonly string[];
}

declare global {
  interface Window {
    /** Only in builds made with VITE_EXPOSE_EMBEDDED_WALLET=1 (the browser tests): calls the provider as a dapp would. */
    __embeddedWallet?: EmbeddedWalletProvider;
  }
}

/**
 * The embedded (e-mail) wallet as a wagmi connector of type AUTH (spec section 3: it keeps type AUTH and
 * eip155). The EmailLogin view logs in through `messenger` first; connect then reads the user from the frame.
 * Reconnecting asks the frame whether its session still holds; a failed check clears the kit's cache.
 */
export function authConnector(messenger: FrameMessenger, social: SocialSettings) {
  let provider: EmbeddedWalletProvider | undefined;
  return createConnector<EmbeddedWalletProvider, { messenger: FrameMessenger; social: SocialSettings }>((config) => {
    // One transport per chain: each instance of a ranked fallback keeps its own pings.
    const readers = new Map<number, EIP1193RequestFn>();
    const read: ChainReader = (chainId) => {
      const chain = config.chains.find((candidate) => candidate.id === chainId) ?? config.chains[0];
      const transport = config.transports?.[chain.id];
      if (!transport) throw new Error("ChainId not found in provider");
      let request = readers.get(chain.id);
      if (!request) {
        request = transport({ chain }).request as EIP1193RequestFn;
        readers.set(chain.id, request);
      }
      return request;
    };
    const lastChain = Number(readCached("lastChain"));
    const initialChain = config.chains.find((chain) => chain.id === lastChain)?.id ?? config.chains[0].id;
    const getProvider = async () => {
      provider ??= createEmbeddedWalletProvider(
        messenger,
        read,
        initialChain,
        config.chains.map((chain) => chain.id),
      );
      if (import.meta.env.VITE_EXPOSE_EMBEDDED_WALLET === "1") window.__embeddedWallet = provider;
      return provider;
    };
    const connected = async (user: FrameUser) => {
      const address = getAddress(user.address);
      (await getProvider()).setAccount(address);
      writeCached("connected", "1");
      if (user.email) writeCached("email", user.email);
      return address;
    };
    /** The user chose to move the funds at a re-split: the new wallet once the frame made it, else `address`. */
    const moveOrStay = async (address: `0x${string}`, onChain: number) => {
      try {
        const moved = await moveToNewWallet(messenger, read(onChain), onChain, address);
        (await getProvider()).setAccount(moved);
        return moved;
      } catch (error) {
        // Declined in the frame (4001), or the frame could not make the new wallet: the account stays as it was.
        console.warn("The funds were not moved to a new wallet", error);
        return address;
      }
    };
    let chainId = initialChain;
    return {
      id: AUTH_CONNECTOR_ID,
      name: "E-mail wallet",
      type: "AUTH",
      messenger,
      social,
      async connect(parameters = {}) {
        const wanted = parameters.chainId ?? chainId;
        const user = await messenger.request<FrameUser>("GET_USER", { chainId: wanted });
        let address = await connected(user);
        if (wanted !== user.chainId) await messenger.request("SWITCH_NETWORK", { chainId: wanted });
        chainId = wanted;
        (await getProvider()).setChainId(wanted);
        writeCached("lastChain", String(wanted));
        if (user.moveFunds) address = await moveOrStay(address, wanted);
        // biome-ignore lint/suspicious/noExplicitAny: wagmi types the accounts by its withCapabilities flag.
        return { accounts: [address] as any, chainId: wanted };
      },
      async disconnect() {
        // Signed out in the frame first: when that fails the wallet stays connected, here too.
        await messenger.signOut();
        (await getProvider()).setAccount(undefined);
        clearCached();
      },
      async getAccounts() {
        const account = (await getProvider()).request({ method: "eth_accounts" });
        return (await account) as readonly `0x${string}`[];
      },
      getChainId: async () => chainId,
      getProvider,
      async isAuthorized() {
        if (readCached("connected") !== "1") return false;
        try {
          const { isConnected } = await messenger.request<{ isConnected: boolean }>("IS_CONNECTED");
          if (isConnected) return true;
        } catch {
          // A frame that cannot answer counts as not connected.
        }
        clearCached();
        return false;
      },
      async switchChain({ chainId: wanted }) {
        const chain = config.chains.find((candidate) => candidate.id === wanted);
        if (!chain) throw new Error("chain not found on connector");
        await messenger.request("SWITCH_NETWORK", { chainId: wanted });
        chainId = wanted;
        (await getProvider()).setChainId(wanted);
        writeCached("lastChain", String(wanted));
        config.emitter.emit("change", { chainId: wanted });
        return chain;
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) config.emitter.emit("disconnect");
        else config.emitter.emit("change", { accounts: accounts.map((account) => getAddress(account)) });
      },
      onChainChanged(id) {
        config.emitter.emit("change", { chainId: Number(id) });
      },
      onDisconnect() {
        config.emitter.emit("disconnect");
      },
    };
  });
}
