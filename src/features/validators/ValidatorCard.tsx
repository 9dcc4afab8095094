import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Explorer } from "../../generated/index.ts";
import type { ListedValidator } from "../../lib/api/validators.ts";
import { explorerAddressUrl, explorerTransactionUrl, explorerValidatorUrl } from "../../lib/explorer-links.ts";
import { formatCoinExact } from "../../lib/format-coin.ts";
import { canUnstake, statusKey } from "./validator-status.ts";

export interface ValidatorCardProps {
  readonly validator: ListedValidator;
  readonly symbol: string;
  readonly decimals: number;
  /** The environment's consensus-layer explorer (validators), when it has one. */
  readonly consensusExplorer: Explorer | undefined;
  /** The environment's execution-layer explorer (addresses, transactions), when it has one. */
  readonly executionExplorer: Explorer | undefined;
  onUnstake(validator: ListedValidator): void;
}

/**
 * One validator: index, public key, status, balance, deposit and withdrawal addresses (or the credentials
 * when they name no address), with explorer links where the environment has explorers (devnet has none:
 * the values are shown as they are). An active validator with a withdrawal address offers "Unstake".
 */
export function ValidatorCard({
  validator,
  symbol,
  decimals,
  consensusExplorer,
  executionExplorer,
  onUnstake,
}: ValidatorCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const key = statusKey(validator.status);
  const type = validator.withdrawalCredentials.slice(0, 4);
  const address = (value: string) =>
    executionExplorer ? (
      <a href={explorerAddressUrl(executionExplorer.url, value)} rel="noopener noreferrer" target="_blank">
        <code>{value}</code>
      </a>
    ) : (
      <code>{value}</code>
    );
  const label =
    validator.index === null ? t("validators.unindexed") : t("validators.cardHeading", { index: validator.index });
  return (
    <article className="validator-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{label}</h3>
      <dl>
        <dt>{t("validators.index")}</dt>
        <dd>{validator.index ?? t("validators.noIndex")}</dd>
        <dt>{t("validators.pubkey")}</dt>
        <dd>
          <code className="long-value">{validator.pubkey}</code>
        </dd>
        <dt>{t("validators.statusLabel")}</dt>
        <dd data-status={validator.status}>{key ? t(key) : validator.status}</dd>
        <dt>{t("validators.balance")}</dt>
        <dd>{formatCoinExact(BigInt(validator.balanceWei), decimals, symbol)}</dd>
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
      <div className="actions">
        {consensusExplorer ? (
          <a
            href={explorerValidatorUrl(consensusExplorer.url, validator.index ?? validator.pubkey)}
            rel="noopener noreferrer"
            target="_blank"
          >
            {t("validators.viewOnExplorer", { explorer: consensusExplorer.name })}
          </a>
        ) : null}
        {canUnstake(validator.status, validator.withdrawalAddress) ? (
          <button type="button" onClick={() => onUnstake(validator)}>
            {t("validators.unstake", { name: label })}
          </button>
        ) : null}
      </div>
    </article>
  );
}
