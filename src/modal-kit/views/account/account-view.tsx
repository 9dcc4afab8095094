import { lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import "./account.css";
import { useChains, useConnection, useDisconnect } from "wagmi";
import { accountServicesFor } from "../../account/account-services.ts";
import { AUTH_CONNECTOR_ID } from "../../embedded-wallet/auth-connector-id.ts";
import { readCached } from "../../embedded-wallet/embedded-wallet-cache.ts";
import { type AccountTab, accountActions, accountTabs } from "../../features/account-controls.ts";
import { useFeatures } from "../../features/use-features.ts";
import { formatBalance, shortAddress } from "../../format/format-balance.ts";
import { useKit } from "../../modal/kit-context.ts";
import type { RouteData } from "../../router/views.ts";
import { WalletIcon } from "../wallet-icon.tsx";
import { AccountTabs } from "./account-tabs.tsx";
import { ReceivePanel } from "./receive-panel.tsx";
import { SentPanel } from "./sent-panel.tsx";
import { useAccountNames, useIdentity } from "./use-account-queries.ts";
import { useNativeBalance } from "./use-native-balance.ts";

// The send form's transaction code (gas estimate, send, receipt) loads when it first opens.
const SendPanel = lazy(() => import("./send-panel.tsx").then((module) => ({ default: module.SendPanel })));

/**
 * The connected account: profile name (its registered name, else the identity's) and avatar, address with copy,
 * native balance floored to 3 decimals, send and receive, tokens and activity, account name registration,
 * wallets, network switch, explorer link and disconnect. The send form and the receive QR are panels of this
 * view (route data `panel`).
 */
export default function AccountView({ data }: { readonly data: RouteData }) {
  const { t } = useTranslation();
  const { kit, toasts } = useKit();
  const { address, chain, connector } = useConnection();
  // Spec section 9: cached 30 s, a failed fetch not retried for 30 s (see useNativeBalance).
  const balance = useNativeBalance(address);
  const disconnect = useDisconnect();
  const chains = useChains();
  const services = accountServicesFor(kit);
  const identity = useIdentity(services, address ?? "");
  const names = useAccountNames(services, address ?? "");
  const [tab, setTab] = useState<AccountTab>("tokens");
  const { features } = useFeatures();
  const canSwitch = chains.length > 1 && kit.options.features?.networkSwitching !== false;
  if (!address) return null;
  const caipNetworkId = `eip155:${chain?.id ?? kit.options.networks[0].id}`;
  if (data.panel === "send" && services && features.send)
    return <SendPanel services={services} address={address} caipNetworkId={caipNetworkId} />;
  if (data.panel === "sent" && data.sent) return <SentPanel sent={data.sent} />;
  if (data.panel === "receive" && features.receive) return <ReceivePanel address={address} />;
  const explorer = chain?.blockExplorers?.default;
  // The account's first registered name; without one (or when the lookup failed) the identity's name.
  const name = names.data?.[0]?.name ?? identity.data?.name ?? undefined;
  return (
    <div className="mk-body mk-center">
      <WalletIcon name={connector?.name ?? address} src={identity.data?.avatar ?? connector?.icon} size={64} />
      {name ? (
        <p className="mk-profile-name" data-testid="mk-profile-name">
          {name}
        </p>
      ) : null}
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
            ? t("modalKit.errors.tokenBalanceUnavailable")
            : "…"}
      </p>
      {chain ? <p className="mk-note">{t("modalKit.account.network", { name: chain.name })}</p> : null}
      <div className="mk-actions">
        {accountActions(features, services !== undefined).map((action) => (
          <button
            key={action}
            type="button"
            className="mk-button"
            onClick={() => kit.store.push("Account", { panel: action })}
          >
            {t(`modalKit.${action}.action`)}
          </button>
        ))}
      </div>
      {services ? (
        <AccountTabs
          tab={accountTabs(features).includes(tab) ? tab : "tokens"}
          tabs={accountTabs(features)}
          onTab={setTab}
          services={services}
          address={address}
          caipNetworkId={caipNetworkId}
        />
      ) : null}
      {services && !name ? (
        <button type="button" className="mk-link-button" onClick={() => kit.store.push("RegisterAccountName")}>
          {t("modalKit.registerName.action")}
        </button>
      ) : null}
      {connector?.id === AUTH_CONNECTOR_ID && readCached("socialUsername") ? (
        <p className="mk-note">{t("modalKit.account.socialUser", { name: readCached("socialUsername") })}</p>
      ) : null}
      {connector?.id === AUTH_CONNECTOR_ID ? (
        <button type="button" className="mk-link-button" onClick={() => kit.store.push("UpdateEmailWallet")}>
          {t("modalKit.account.changeEmail")}
        </button>
      ) : null}
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
        onClick={() =>
          // The promise, not mutate's callbacks: the view unmounts as the connection goes (the router replaces
          // Account with Connect), and mutate's callbacks would then never run.
          void disconnect.mutateAsync().then(
            () => kit.store.close(),
            () => toasts.show({ variant: "error", textKey: "modalKit.account.disconnectFailed" }),
          )
        }
      >
        {t("modalKit.account.disconnect")}
      </button>
    </div>
  );
}
