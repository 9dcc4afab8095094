import { useTranslation } from "react-i18next";
import { parseUnits } from "viem";
import type { TokenBalance } from "../../../core/api/blockchain-api.ts";
import { formatBalance } from "../../format/format-balance.ts";
import { WalletIcon } from "../wallet-icon.tsx";

/** Spec section 9: a token's value shows 2 decimals. */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** Whole-token quantity of a balance, floored to 3 decimals like every balance of the kit. */
export function tokenQuantity(balance: TokenBalance): string {
  const decimals = Number(balance.quantity.decimals);
  return formatBalance(parseUnits(balance.quantity.numeric, decimals), decimals);
}

/** The account's tokens: icon and symbol, USD value and quantity. */
export function TokenList({ balances }: { readonly balances: readonly TokenBalance[] }) {
  const { t } = useTranslation();
  if (balances.length === 0) return <p className="mk-note">{t("modalKit.account.noTokens")}</p>;
  return (
    <ul className="mk-list" aria-label={t("modalKit.account.tokens")} data-testid="mk-tokens">
      {balances.map((balance) => (
        <li key={balance.address ?? balance.symbol} className="mk-token-row">
          <WalletIcon name={balance.symbol} src={balance.iconUrl || undefined} size={32} />
          <span className="mk-row-name">
            <span className="mk-token-symbol">{balance.symbol}</span>
            <span className="mk-token-name">{balance.name}</span>
          </span>
          <span className="mk-token-amounts">
            <span className="mk-token-quantity">{tokenQuantity(balance)}</span>
            <span className="mk-token-value">{usd.format(balance.value)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
