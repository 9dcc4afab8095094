import type { Route } from "../router/views.ts";

/** Locale key of each built view's heading; views not built yet fall back to the Connect title. */
export function viewTitleKey(route: Route): string {
  switch (route.view) {
    case "Account":
      return "modalKit.account.title";
    case "AllWallets":
      return "modalKit.allWallets.title";
    case "ConnectingExternal":
      return "modalKit.connecting.heading";
    case "ConnectingWalletConnect":
      return "modalKit.walletConnect.title";
    case "ConnectingWalletConnectBasic":
      return "modalKit.walletConnect.basicTitle";
    case "ProfileWallets":
      return "modalKit.profileWallets.title";
    case "SwitchActiveChain":
      return "modalKit.switchActiveChain.title";
    case "SignInMessage":
      return "modalKit.signIn.title";
    case "SwitchNetwork":
      return "modalKit.networks.title";
    case "UnsupportedChain":
      return "modalKit.networks.unsupportedTitle";
    default:
      return "modalKit.connect.title";
  }
}
