import type { Route } from "../router/views.ts";

/** Locale key of each view's heading (views the kit does not have never open, see ViewUnavailableError). */
export function viewTitleKey(route: Route): string {
  switch (route.view) {
    case "Account":
      return route.data.panel === "send"
        ? "modalKit.send.title"
        : route.data.panel === "sent"
          ? "modalKit.send.sentTitle"
          : route.data.panel === "receive"
            ? "modalKit.receive.title"
            : "modalKit.account.title";
    case "RegisterAccountName":
      return "modalKit.registerName.title";
    case "RegisterAccountNameSuccess":
      return "modalKit.registerName.successTitle";
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
    case "EmailLogin":
      return "modalKit.emailLogin.title";
    case "UpdateEmailWallet":
      return "modalKit.updateEmail.title";
    case "SwitchNetwork":
      return "modalKit.networks.title";
    case "UnsupportedChain":
      return "modalKit.networks.unsupportedTitle";
    default:
      return "modalKit.connect.title";
  }
}
