import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Config } from "wagmi";
import { AppError } from "../../lib/app-error.ts";
import { switchToChain, type TransactionRequest } from "../../lib/transactions/send-transaction.ts";
import { TransactionRejectedError, WrongChainError } from "../../lib/transactions/transaction-errors.ts";

/**
 * The wallet is on another chain than the screen's: says so (`message`, the screen's words) and offers to
 * switch. A switch the user declines or the wallet cannot make is reported here instead of being ignored.
 */
export function WrongChainNotice({
  config,
  chain,
  message,
  switchLabel,
}: {
  readonly config: Config;
  readonly chain: TransactionRequest["chain"];
  readonly message: string;
  readonly switchLabel: string;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<AppError | undefined>(undefined);
  const [switching, setSwitching] = useState(false);
  const switchChain = async () => {
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
    <p role="alert" className="notice">
      {message}{" "}
      <button type="button" disabled={switching} onClick={() => void switchChain()}>
        {switchLabel}
      </button>
      {failure ? <span className="field-error"> {t(failure.shortMessage, failure.values)}</span> : null}
    </p>
  );
}
