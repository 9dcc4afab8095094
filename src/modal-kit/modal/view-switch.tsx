import type { Route } from "../router/views.ts";
import { AccountView } from "../views/account-view.tsx";
import { AllWalletsView } from "../views/all-wallets-view.tsx";
import { ConnectView } from "../views/connect-view.tsx";
import { ConnectingExternalView } from "../views/connecting-external-view.tsx";
import { ConnectingWalletConnectBasicView } from "../views/connecting-walletconnect-basic-view.tsx";
import { ConnectingWalletConnectView } from "../views/connecting-walletconnect-view.tsx";
import { ProfileWalletsView } from "../views/profile-wallets-view.tsx";
import { SignInMessageView } from "../views/sign-in-message-view.tsx";
import { SwitchActiveChainView } from "../views/switch-active-chain-view.tsx";
import { SwitchNetworkView } from "../views/switch-network-view.tsx";
import { UnsupportedChainView } from "../views/unsupported-chain-view.tsx";

/** The view on top of the stack. Views of later issues show Connect until they exist. */
export function ViewSwitch({ route }: { readonly route: Route }) {
  switch (route.view) {
    case "Account":
      return <AccountView />;
    case "AllWallets":
      return <AllWalletsView />;
    case "ConnectingExternal":
      return <ConnectingExternalView data={route.data} />;
    case "ConnectingWalletConnect":
      return <ConnectingWalletConnectView data={route.data} />;
    case "ConnectingWalletConnectBasic":
      return <ConnectingWalletConnectBasicView />;
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
    default:
      return <ConnectView />;
  }
}
