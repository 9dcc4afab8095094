import { useTranslation } from "react-i18next";
import { Link, Navigate, Outlet, useLocation } from "react-router-dom";
import { ToastProvider } from "../components/toast/ToastProvider.tsx";
import { WalletKitProvider } from "../components/wallet/wallet-access.tsx";
import { isBuiltFromMissingValue } from "./route-loaders.ts";
import { SiteFooter } from "./SiteFooter.tsx";
import { SiteHeader } from "./SiteHeader.tsx";
import { useDocumentMeta } from "./use-document-meta.ts";
import { useScrollBehaviour } from "./use-scroll-behaviour.ts";
import { walletKit } from "./wallet-button.tsx";

/**
 * The root layout of every route: toast area at the top centre above the page, header, routed page, footer.
 * A path containing "undefined" (a link built from a missing value) goes to the not-found page.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  useDocumentMeta();
  useScrollBehaviour();

  if (isBuiltFromMissingValue(`${location.pathname}${location.search}${location.hash}`)) {
    return <Navigate to="/404" replace />;
  }
  return (
    <WalletKitProvider kit={walletKit}>
      <ToastProvider regionLabel={t("toast.region")} closeLabel={t("toast.close")}>
        <Link className="skip-link" to={{ hash: "#main" }}>
          {t("app.skipToContent")}
        </Link>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter />
      </ToastProvider>
    </WalletKitProvider>
  );
}
