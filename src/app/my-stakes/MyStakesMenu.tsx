import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useDisclosure } from "../../components/ui/disclosure/use-disclosure.ts";
import { useWalletConnection } from "../../components/wallet/wallet-access.tsx";
import "./my-stakes.css";

// The list, its query and its schema load when it is first opened, so the entry does not grow.
const MyStakesList = lazy(() => import("./MyStakesList.tsx").then((module) => ({ default: module.MyStakesList })));

/** The address whose stakes "My stakes" lists (a connected EVM wallet's), or undefined while it is not shown. */
export function useMyStakesOwner(): string | undefined {
  const { isConnected, address, namespace } = useWalletConnection();
  return isConnected && namespace === "eip155" ? address : undefined;
}

/**
 * The header's "My stakes", shown while an EVM wallet is connected: a disclosure (aria-expanded, aria-controls)
 * whose list names every network where the address has a stake, from the server, each a link to the page that
 * shows it. Escape closes it (focus back on its button), as do a click outside and following a link.
 */
export function MyStakesMenu() {
  const { t } = useTranslation();
  const { open, close, buttonProps, panelProps } = useDisclosure();
  const owner = useMyStakesOwner();

  useEffect(() => {
    if (!owner) close();
  }, [owner, close]);

  if (!owner) return null;
  return (
    <div className="my-stakes">
      <button type="button" className="my-stakes__button" {...buttonProps}>
        {t("nav.myStakes.button")}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path fill="none" stroke="currentColor" strokeWidth="2" d={open ? "M6 15l6-6 6 6" : "M6 9l6 6 6-6"} />
        </svg>
      </button>
      <div className="my-stakes__panel" hidden={!open} {...panelProps}>
        {open ? (
          <Suspense fallback={<p className="my-stakes__note">{t("nav.myStakes.loading")}</p>}>
            <MyStakesList owner={owner} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
