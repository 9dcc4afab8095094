import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { Route } from "../router/views.ts";
import { AllWalletsView } from "../views/all-wallets-view.tsx";
import { ConnectView } from "../views/connect-view.tsx";
import { ConnectingExternalView } from "../views/connecting-external-view.tsx";
import { ConnectingWalletConnectBasicView } from "../views/connecting-walletconnect-basic-view.tsx";
import { ConnectingWalletConnectView } from "../views/connecting-walletconnect-view.tsx";
import { EmailLoginView } from "../views/email-login-view.tsx";
import { ProfileWalletsView } from "../views/profile-wallets-view.tsx";
import { SignInMessageView } from "../views/sign-in-message-view.tsx";
import { SwitchActiveChainView } from "../views/switch-active-chain-view.tsx";
import { SwitchNetworkView } from "../views/switch-network-view.tsx";
import { UnsupportedChainView } from "../views/unsupported-chain-view.tsx";
import { UpdateEmailWalletView } from "../views/update-email-wallet-view.tsx";
import { useKit } from "./kit-context.ts";
import { ViewErrorBoundary } from "./view-error-boundary.tsx";

// The Account views (balances, activity, send, receive, names) load when one first opens.
const AccountView = lazy(() => import("../views/account/account-view.tsx"));
const RegisterAccountNameView = lazy(() => import("../views/account/register-account-name-view.tsx"));
const RegisterAccountNameSuccessView = lazy(() => import("../views/account/register-account-name-success-view.tsx"));

/** The view on top of the stack; one that fails to render is reported and says so (a new view starts afresh). */
export function ViewSwitch({ route }: { readonly route: Route }) {
  const { kit } = useKit();
  const { t } = useTranslation();
  const fallback = (
    <div className="mk-body mk-center">
      <p className="mk-status" role="alert">
        {t("modalKit.errors.somethingWentWrong")}
      </p>
    </div>
  );
  return (
    <ViewErrorBoundary key={route.view} report={kit.analytics.reportError} fallback={fallback}>
      <Suspense fallback={<div className="mk-body mk-center" aria-busy="true" />}>
        <CurrentView route={route} />
      </Suspense>
    </ViewErrorBoundary>
  );
}

function CurrentView({ route }: { readonly route: Route }) {
  switch (route.view) {
    case "Connect":
      return <ConnectView />;
    case "Account":
      return <AccountView data={route.data} />;
    case "RegisterAccountName":
      return <RegisterAccountNameView />;
    case "RegisterAccountNameSuccess":
      return <RegisterAccountNameSuccessView data={route.data} />;
    case "AllWallets":
      return <AllWalletsView />;
    case "ConnectingExternal":
      return <ConnectingExternalView data={route.data} />;
    case "ConnectingWalletConnect":
      return <ConnectingWalletConnectView data={route.data} />;
    case "ConnectingWalletConnectBasic":
      return <ConnectingWalletConnectBasicView />;
    case "EmailLogin":
      return <EmailLoginView data={route.data} />;
    case "ProfileWallets":
      return <ProfileWalletsView />;
    case "SwitchActiveChain":
      return <SwitchActiveChainView data={route.data} />;
    case "SignInMessage":
      return <SignInMessageView />;
    case "SwitchNetwork":
      return <SwitchNetworkView />;
    case "UnsupportedChain":
      return <UnsupportedChainView />;
    case "UpdateEmailWallet":
      return <UpdateEmailWalletView />;
    default:
      // kit.open refuses the views this kit does not have (ViewUnavailableError); none is pushed.
      return null;
  }
}
