import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { TxChip } from "../../components/ui/tx-chip/TxChip.tsx";
import type { DuplicateDepositError } from "../../families/ethereum-beacon/stake-errors.ts";

export interface DuplicateStakeNoticeProps {
  readonly error: DuplicateDepositError;
  readonly explorerUrl?: string;
  /** The network's validator list. */
  readonly validatorsPath: string;
  /** Forgets this stake's deposit data and goes back to the details: the next stake gets new validators. */
  onStartNew(): void;
}

/**
 * What the review shows instead of "Confirm" when its validators already have, or may have, a deposit: why,
 * the existing transaction when known (or that it is being looked for), and the ways on: a new stake (new
 * validators) or the validator list. There is no way to send these validators again.
 */
export function DuplicateStakeNotice({ error, explorerUrl, validatorsPath, onStartNew }: DuplicateStakeNoticeProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="tx-panel">
      <h3 ref={heading} tabIndex={-1}>
        {t("ethStake.duplicate.heading")}
      </h3>
      <Alert tone="danger">
        <p>{t(error.shortMessage, error.values)}</p>
      </Alert>
      {error.txHash ? (
        <p>
          {t("ethStake.duplicate.transaction")} <TxChip hash={error.txHash} explorerUrl={explorerUrl} />
        </p>
      ) : error.reason === "possiblySent" ? (
        <p role="status">{t("ethStake.duplicate.searching")}</p>
      ) : null}
      <p>{t("ethStake.duplicate.next")}</p>
      <div className="actions">
        <Button onClick={onStartNew}>{t("ethStake.duplicate.startNew")}</Button>
        <Link className={buttonClass("secondary")} to={validatorsPath}>
          {t("ethStake.duplicate.viewValidators")}
        </Link>
      </div>
    </section>
  );
}
