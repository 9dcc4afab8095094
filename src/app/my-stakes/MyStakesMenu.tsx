import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useWalletConnection } from "../../components/wallet/wallet-access.tsx";
import "./my-stakes.css";

// The list, its query and its schema load when it is first opened, so the entry does not grow.
const MyStakesList = lazy(() => import("./MyStakesList.tsx").then((module) => ({ default: module.MyStakesList })));

/**
 * The header's "My stakes", shown while an EVM wallet is connected: a disclosure (aria-expanded, aria-controls)
 * whose list names every network where the address has a stake, from the server, each a link to the page that
 * shows it. Escape closes it (focus back on its button), as do a click outside and following a link.
 */
export function MyStakesMenu() {
  const { t } = useTranslation();
  const { isConnected, address, namespace } = useWalletConnection();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const owner = isConnected && namespace === "eip155" ? address : undefined;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // The header's folded menu closes on Escape too; this list closes first.
      event.stopImmediatePropagation();
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);
  useEffect(() => {
    if (!owner) setOpen(false);
  }, [owner]);

  if (!owner) return null;
  return (
    <div className="my-stakes" ref={root}>
      <button
        ref={button}
        type="button"
        className="my-stakes__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {t("nav.myStakes.button")}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path fill="none" stroke="currentColor" strokeWidth="2" d={open ? "M6 15l6-6 6 6" : "M6 9l6 6 6-6"} />
        </svg>
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the click only notices a followed link inside. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: links are followed with Enter, which clicks them too. */}
      <div
        id={panelId}
        className="my-stakes__panel"
        hidden={!open}
        onClick={(event) => {
          if ((event.target as Element).closest("a")) setOpen(false);
        }}
      >
        {open ? (
          <Suspense fallback={<p className="my-stakes__note">{t("nav.myStakes.loading")}</p>}>
            <MyStakesList owner={owner} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
