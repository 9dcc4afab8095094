import { useTranslation } from "react-i18next";
import { useChains, useConnection, useDisconnect } from "wagmi";
import { formatBalance, shortAddress } from "../format/format-balance.ts";
import { useKit } from "../modal/kit-context.ts";
import { useNativeBalance } from "./use-native-balance.ts";
import { WalletIcon } from "./wallet-icon.tsx";

/** The connected account: address with copy, balance floored to 3 decimals, explorer link, disconnect. */
export function AccountView() {
  const { t } = useTranslation();
  const { kit, toasts } = useKit();
  const { address, chain, connector } = useConnection();
  // Spec section 9: cached 30 s, a failed fetch not retried for 30 s (see useNativeBalance).
  const balance = useNativeBalance(address);
  const disconnect = useDisconnect();
  const chains = useChains();
  const canSwitch = chains.length > 1 && kit.options.features?.networkSwitching !== false;
  if (!address) return null;
  const explorer = chain?.blockExplorers?.default;
  return (
    <div className="mk-body mk-center">
      <WalletIcon name={connector?.name ?? address} src={connector?.icon} size={64} />
      <p className="mk-address" title={address}>
        {shortAddress(address)}
      </p>
      <button
        type="button"
        className="mk-link-button"
        onClick={() =>
          void navigator.clipboard?.writeText(address).then(
            () => toasts.show({ variant: "success", textKey: "modalKit.account.copied" }),
            () => toasts.show({ variant: "error", textKey: "modalKit.account.copyFailed" }),
          )
        }
      >
        {t("modalKit.account.copyAddress")}
      </button>

      <p className="mk-balance" data-testid="mk-balance">
        {balance.data
          ? t("modalKit.account.balanceValue", {
              amount: formatBalance(balance.data.value, balance.data.decimals),
              symbol: balance.data.symbol,
            })
          : balance.isError
            ? t("modalKit.account.balanceUnavailable")
            : "…"}
      </p>
      {chain ? <p className="mk-note">{t("modalKit.account.network", { name: chain.name })}</p> : null}
      <button type="button" className="mk-link-button" onClick={() => kit.store.push("ProfileWallets")}>
        {t("modalKit.account.wallets")}
      </button>
      {canSwitch ? (
        <button type="button" className="mk-link-button" onClick={() => kit.store.push("SwitchNetwork")}>
          {t("modalKit.account.switchNetwork")}
        </button>
      ) : null}
      {explorer ? (
        <a className="mk-link-button" href={`${explorer.url}/address/${address}`} target="_blank" rel="noreferrer">
          {t("modalKit.account.explorer", { explorer: explorer.name })}
        </a>
      ) : null}
      <button
        type="button"
        className="mk-button"
        onClick={() => disconnect.mutate(undefined, { onSuccess: () => kit.store.close() })}
      >
        {t("modalKit.account.disconnect")}
      </button>
    </div>
  );
}
