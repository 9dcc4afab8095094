import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import type { Config } from "wagmi";
import type { TransactionRequest } from "../../lib/transactions/send-transaction.ts";
import { Button } from "../ui/button/Button.tsx";
import { useWallet } from "./use-wallet.ts";
import { WrongChainCard } from "./WrongChainCard.tsx";
import "./wallet-gate.css";

/** What the gate's children get: the wallet, known to be connected. */
export interface ConnectedWallet {
  readonly account: Address;
  readonly config: Config | undefined;
  /** Whether the wallet is on the gate's chain (false only with `keepChildrenOnWrongChain`). */
  readonly onChain: boolean;
}

export interface WalletGateProps {
  /** The chain the screen sends on. */
  readonly chain: TransactionRequest["chain"];
  /** Why to connect, in the screen's words ("Connect the owner's wallet to claim."). */
  readonly connectText: ReactNode;
  /** What being on another chain means here, in the screen's words. */
  readonly wrongChainText: string;
  /**
   * Keep the children under the wrong-chain card (a form whose fields say the chain is wrong too) instead of
   * replacing them with it.
   */
  readonly keepChildrenOnWrongChain?: boolean;
  readonly children: (wallet: ConnectedWallet) => ReactNode;
}

/**
 * The transaction screens' preamble in one place: without a wallet, a prompt that opens the modal kit; on
 * another chain, a card with "Switch to <network>"; else the children, given the connected account.
 */
export function WalletGate({
  chain,
  connectText,
  wrongChainText,
  keepChildrenOnWrongChain = false,
  children,
}: WalletGateProps) {
  const { t } = useTranslation();
  const wallet = useWallet();
  if (!wallet.account) {
    return (
      <div className="wallet-gate">
        <p className="wallet-gate__text">{connectText}</p>
        <Button onClick={wallet.connect}>{t("wallet.connect")}</Button>
      </div>
    );
  }
  const onChain = wallet.isOn(chain.id);
  const card = onChain ? null : <WrongChainCard config={wallet.config} chain={chain} message={wrongChainText} />;
  if (card && !keepChildrenOnWrongChain) return card;
  return (
    <>
      {card}
      {children({ account: wallet.account, config: wallet.config, onChain })}
    </>
  );
}
