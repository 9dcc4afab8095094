import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AccountServices } from "../../account/account-services.ts";
import type { AccountTab as Tab } from "../../features/account-controls.ts";
import { ActivityList } from "./activity-list.tsx";
import { TokenList } from "./token-list.tsx";
import { useAccountBalances } from "./use-account-queries.ts";

/** Tokens and Activity (when the activity flag is on) as ARIA tabs (arrow keys move between them). */
export function AccountTabs({
  tab,
  tabs,
  onTab,
  services,
  address,
  caipNetworkId,
}: {
  readonly tab: Tab;
  readonly tabs: readonly Tab[];
  readonly onTab: (tab: Tab) => void;
  readonly services: AccountServices;
  readonly address: string;
  readonly caipNetworkId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const balances = useAccountBalances(services, address, caipNetworkId);
  return (
    <div className="mk-tabs">
      <div role="tablist" className="mk-tablist" aria-label={t("modalKit.account.title")}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className="mk-tab"
            onClick={() => onTab(name)}
            onKeyDown={(event) => {
              if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
              const next = tabs[(tabs.indexOf(name) + 1) % tabs.length] as Tab;
              onTab(next);
              document.getElementById(`${id}-${next}`)?.focus();
            }}
          >
            {t(`modalKit.account.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`} className="mk-tabpanel">
        {tab === "tokens" ? (
          balances.data ? (
            <TokenList balances={balances.data} />
          ) : (
            <p className="mk-note" aria-busy={balances.isPending}>
              {balances.isError ? t("modalKit.errors.tokenBalanceUnavailable") : "…"}
            </p>
          )
        ) : (
          <ActivityList services={services} address={address} caipNetworkId={caipNetworkId} />
        )}
      </div>
    </div>
  );
}
