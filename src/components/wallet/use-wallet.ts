import { useCallback } from "react";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { useWagmiConfig } from "./use-wagmi-config.ts";
import { useWalletConnection, useWalletKit } from "./wallet-access.tsx";

export interface Wallet {
  /** The connected account, undefined when no wallet is connected. */
  readonly account: Address | undefined;
  /** The chain the wallet is on, undefined when no wallet is connected. */
  readonly chainId: number | undefined;
  /** The kit's wagmi config for reads and transactions, undefined until the kit's code has loaded. */
  readonly config: Config | undefined;
  /** Whether a wallet is connected and on `chainId`. */
  isOn(chainId: number): boolean;
  /** Opens the modal kit's "Connect wallet" flow. */
  connect(): void;
}

/** The connected wallet as a transaction screen needs it: account, chain, wagmi config, and the way to connect. */
export function useWallet(): Wallet {
  const kit = useWalletKit();
  const config = useWagmiConfig();
  const connection = useWalletConnection();
  const account = connection.isConnected ? (connection.address as Address | undefined) : undefined;
  const chainId = connection.isConnected ? connection.chainId : undefined;
  const isOn = useCallback((wanted: number) => account !== undefined && chainId === wanted, [account, chainId]);
  const connect = useCallback(() => kit?.open(), [kit]);
  return { account, chainId, config, isOn, connect };
}
