import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ConnectEntry } from "../connectors/connect-order.ts";
import { useAuthConnector } from "../embedded-wallet/use-auth-connector.ts";
import { useFeatures } from "../features/use-features.ts";
import { useKit } from "../modal/kit-context.ts";
import { useConnectEntries } from "../modal/use-connect-entries.ts";
import { EmailField } from "./email-field.tsx";
import { SocialButtons } from "./social-buttons.tsx";
import { WalletIcon } from "./wallet-icon.tsx";

const TAG_KEYS: Partial<Record<ConnectEntry["section"], string>> = {
  recent: "modalKit.connect.recent",
  injected: "modalKit.connect.installed",
};

/** The first view: the wallets to connect, in the configured order, and the way to all wallets. */
export function ConnectView() {
  const { t } = useTranslation();
  const { kit, catalogue } = useKit();
  const entries = useConnectEntries();
  const { features } = useFeatures();
  const legalId = useId();
  // With the legalCheckbox flag the wallets stay disabled until the user agrees.
  const [agreed, setAgreed] = useState(false);
  const locked = features.legalCheckbox && !agreed;
  const auth = useAuthConnector();
  const emailLogin = features.email && auth !== undefined;
  const pairing = kit.options.projectId !== undefined;
  const choose = (entry: ConnectEntry) => {
    if (entry.id === "walletConnect") kit.store.push("ConnectingWalletConnect");
    else if (entry.walletId && !entry.installed)
      kit.store.push(pairing ? "ConnectingWalletConnect" : "ConnectingExternal", { walletId: entry.walletId });
    else kit.store.push("ConnectingExternal", { connectorId: entry.id });
  };
  const showAllWallets = catalogue !== undefined && features.allWallets;
  return (
    <div className="mk-body">
      {features.legalCheckbox ? (
        <div className="mk-legal">
          <input
            id={legalId}
            type="checkbox"
            checked={agreed}
            aria-describedby={locked ? `${legalId}-hint` : undefined}
            onChange={(event) => setAgreed(event.currentTarget.checked)}
          />
          <label htmlFor={legalId}>{t("modalKit.connect.legalCheckbox")}</label>
          {locked ? (
            <p id={`${legalId}-hint`} className="mk-note">
              {t("modalKit.connect.legalCheckboxFirst")}
            </p>
          ) : null}
        </div>
      ) : null}
      {emailLogin ? <EmailField disabled={locked} /> : null}
      <SocialButtons disabled={locked} />
      {emailLogin ? <p className="mk-note mk-divider">{t("modalKit.emailLogin.orWallet")}</p> : null}
      {entries.length === 0 ? <p className="mk-note">{t("modalKit.connect.noWallets")}</p> : null}
      <ul className="mk-list">
        {entries.map((entry) => {
          const tag = TAG_KEYS[entry.section];
          return (
            <li key={`${entry.section}:${entry.id}`}>
              <button type="button" className="mk-row" disabled={locked} onClick={() => choose(entry)}>
                <WalletIcon name={entry.name} src={entry.imageUrl} size={32} />
                <span className="mk-row-name">
                  {entry.id === "injected" ? t("modalKit.connect.browserWallet") : entry.name}
                </span>
                {tag ? <span className="mk-tag">{t(tag)}</span> : null}
              </button>
            </li>
          );
        })}
        {showAllWallets ? (
          <li>
            <button type="button" className="mk-row" disabled={locked} onClick={() => kit.store.push("AllWallets")}>
              <span className="mk-all-icon" aria-hidden="true">
                ⋯
              </span>
              <span className="mk-row-name">{t("modalKit.connect.allWallets")}</span>
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
