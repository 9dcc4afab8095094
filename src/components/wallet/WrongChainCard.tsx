import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Config } from "wagmi";
import { AppError } from "../../core/app-error.ts";
import { switchToChain, type TransactionRequest } from "../../lib/transactions/send-transaction.ts";
import { TransactionRejectedError, WrongChainError } from "../../lib/transactions/transaction-errors.ts";
import { Alert } from "../ui/alert/Alert.tsx";
import { Button } from "../ui/button/Button.tsx";

/**
 * The wallet is on another chain than the screen's: says so (`message`, the screen's words) and offers
 * "Switch to <network>". A switch the user declines or the wallet cannot make is said here, not ignored.
 */
export function WrongChainCard({
  config,
  chain,
  message,
}: {
  readonly config: Config | undefined;
  readonly chain: TransactionRequest["chain"];
  readonly message: string;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<AppError | undefined>(undefined);
  const [switching, setSwitching] = useState(false);
  const switchChain = async () => {
    if (!config) return;
    setFailure(undefined);
    setSwitching(true);
    try {
      await switchToChain(config, chain);
    } catch (error) {
      if (error instanceof TransactionRejectedError)
        setFailure(new AppError("transactions.switchDeclined", { cause: error, values: { network: chain.name } }));
      else setFailure(error instanceof AppError ? error : new WrongChainError(chain, undefined, error));
    } finally {
      setSwitching(false);
    }
  };
  return (
    <Alert tone="warning" className="wallet-gate__wrong-chain">
      <p>{message}</p>
      <div>
        <Button variant="secondary" loading={switching} disabled={!config} onClick={() => void switchChain()}>
          {t("wallet.switch", { network: chain.name })}
        </Button>
      </div>
      {failure ? <p className="wallet-gate__failure">{t(failure.shortMessage, failure.values)}</p> : null}
    </Alert>
  );
}
