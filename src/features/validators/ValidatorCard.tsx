import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { AddressChip } from "../../components/ui/address-chip/AddressChip.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { Card } from "../../components/ui/card/Card.tsx";
import { CoinAmount } from "../../components/ui/coin-amount/CoinAmount.tsx";
import type { ListedValidator } from "../../core/api/validators.ts";
import { explorerTransactionUrl, explorerValidatorUrl } from "../../core/explorer-links.ts";
import type { Explorer } from "../../generated/index.ts";
import { ValidatorStatusBadge } from "./ValidatorStatusBadge.tsx";
import { canTopUp, canUnstake } from "./validator-status.ts";

export interface ValidatorCardProps {
  readonly validator: ListedValidator;
  readonly symbol: string;
  readonly decimals: number;
  /** The environment's consensus-layer explorer (validators), when it has one. */
  readonly consensusExplorer: Explorer | undefined;
  /** The environment's execution-layer explorer (addresses, transactions), when it has one. */
  readonly executionExplorer: Explorer | undefined;
  onUnstake(validator: ListedValidator): void;
  /** Opens "Upgrade to compounding" (offered to an active 0x01 validator with a withdrawal address). */
  onUpgrade?(validator: ListedValidator): void;
  /** Opens "Consolidate into…" (offered to an active validator with a withdrawal address). */
  onConsolidate?(validator: ListedValidator): void;
  /** Opens "Top up" (offered to a validator the beacon chain holds that is not exiting, from any address). */
  onTopUp?(validator: ListedValidator): void;
  /** The card's queue ETA rows (ValidatorEtas), when the screen reads them. */
  readonly etas?: ReactNode;
}

/**
 * One validator as a card: status badge and balance first, then index, public key, deposit and withdrawal
 * addresses (address chips, or the credentials when they name no address) and the deposit, with explorer
 * links where the environment has explorers (devnet has none: the values are shown as they are). An active
 * validator with a withdrawal address offers "Unstake", "Consolidate into…" and, with 0x01 credentials, "Upgrade
 * to compounding"; a validator the beacon chain holds that is not exiting offers "Top up" to any connected address
 * (these three named with the validator's name after their visible words).
 */
export function ValidatorCard({
  validator,
  symbol,
  decimals,
  consensusExplorer,
  executionExplorer,
  onUnstake,
  onUpgrade,
  onConsolidate,
  onTopUp,
  etas,
}: ValidatorCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const type = validator.withdrawalCredentials.slice(0, 4);
  const address = (value: string) => <AddressChip address={value} explorerUrl={executionExplorer?.url} />;
  const label =
    validator.index === null ? t("validators.unindexed") : t("validators.cardHeading", { index: validator.index });
  const requests = canUnstake(validator.status, validator.withdrawalAddress);
  const topUp = Boolean(onTopUp) && canTopUp(validator.status);
  // Named "Upgrade to compounding: Validator 12": the visible words first, then whose (for a list of the page's buttons).
  const named = (key: string) => `${t(key)}${t("validators.buttonOf", { name: label })}`;
  return (
    <Card as="article" className="validator-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{label}</h3>
      <dl className="validator-card__lead">
        <div>
          <dt>{t("validators.statusLabel")}</dt>
          <dd data-status={validator.status}>
            <ValidatorStatusBadge status={validator.status} />
          </dd>
        </div>
        <div>
          <dt>{t("validators.balance")}</dt>
          <dd>
            <CoinAmount value={BigInt(validator.balanceWei)} decimals={decimals} symbol={symbol} emphasis />
          </dd>
        </div>
      </dl>
      <dl className="validator-card__facts">
        {etas}
        <dt>{t("validators.index")}</dt>
        <dd>{validator.index ?? t("validators.noIndex")}</dd>
        <dt>{t("validators.pubkey")}</dt>
        <dd>
          <code className="long-value">{validator.pubkey}</code>
        </dd>
        <dt>{t("validators.depositAddress")}</dt>
        <dd>{address(validator.depositAddress)}</dd>
        {validator.withdrawalAddress ? (
          <>
            <dt>{t("validators.withdrawalAddress")}</dt>
            <dd>
              {address(validator.withdrawalAddress)}{" "}
              <span className="hint">
                {t(type === "0x02" ? "validators.compounding" : "validators.nonCompounding", { type })}
              </span>
            </dd>
          </>
        ) : (
          <>
            <dt>{t("validators.withdrawalCredentials")}</dt>
            <dd>
              <code className="long-value">{validator.withdrawalCredentials}</code>
            </dd>
          </>
        )}
        <dt>{t("validators.depositTransaction")}</dt>
        <dd>
          {executionExplorer && validator.depositTxHash ? (
            <a
              href={explorerTransactionUrl(executionExplorer.url, validator.depositTxHash)}
              rel="noopener noreferrer"
              target="_blank"
            >
              {t("validators.viewTransaction", { explorer: executionExplorer.name })}
            </a>
          ) : (
            <code className="long-value">{validator.depositTxHash}</code>
          )}
        </dd>
      </dl>
      {consensusExplorer || requests || topUp ? (
        <div className="validator-card__actions">
          {consensusExplorer ? (
            <a
              className={buttonClass("ghost")}
              href={explorerValidatorUrl(consensusExplorer.url, validator.index ?? validator.pubkey)}
              rel="noopener noreferrer"
              target="_blank"
            >
              {t("validators.viewOnExplorer", { explorer: consensusExplorer.name })}
            </a>
          ) : null}
          {requests ? (
            <Button variant="secondary" onClick={() => onUnstake(validator)}>
              {t("validators.unstake", { name: label })}
            </Button>
          ) : null}
          {requests && onUpgrade && type === "0x01" ? (
            <Button variant="secondary" aria-label={named("validators.upgrade")} onClick={() => onUpgrade(validator)}>
              {t("validators.upgrade")}
            </Button>
          ) : null}
          {topUp && onTopUp ? (
            <Button variant="secondary" aria-label={named("validators.topUp")} onClick={() => onTopUp(validator)}>
              {t("validators.topUp")}
            </Button>
          ) : null}
          {requests && onConsolidate ? (
            <Button
              variant="secondary"
              aria-label={named("validators.consolidate")}
              onClick={() => onConsolidate(validator)}
            >
              {t("validators.consolidate")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
