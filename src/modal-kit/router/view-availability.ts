import { KitError } from "../errors/kit-error.ts";
import type { OpenContext } from "./pick-open-view.ts";
import { type Route, VIEWS, type View } from "./views.ts";

/** Views of the spec's list this kit does not have (Farcaster login; two sign-in helpers). */
const NOT_BUILT: ReadonlySet<View> = new Set(["ConnectingFarcaster", "SignInConnect", "SignInApproveTransaction"]);

/** Views about the connected account: nothing to show while no wallet is connected. */
const NEED_CONNECTION: ReadonlySet<View> = new Set([
  "Account",
  "ProfileWallets",
  "RegisterAccountName",
  "RegisterAccountNameSuccess",
]);

/**
 * kit.open({ view }) of a view the kit does not have, or cannot show now: the host gets this error instead of
 * a modal showing some other view.
 */
export class ViewUnavailableError extends KitError {
  override name = "ViewUnavailableError";
  readonly view: string;
  constructor(view: string, reason: string) {
    super(`Cannot open the view ${view}: ${reason}`, "modalKit.errors.viewUnavailable", { values: { view } });
    this.view = view;
  }
}

/** Throws ViewUnavailableError unless the modal can open at `route` now. */
export function assertCanOpen(route: Route, context: OpenContext): void {
  const { view } = route;
  if (!(VIEWS as readonly string[]).includes(view)) {
    throw new ViewUnavailableError(String(view), `no such view; expected one of ${VIEWS.join(", ")}`);
  }
  if (NOT_BUILT.has(view)) throw new ViewUnavailableError(view, "this kit does not offer it");
  if (view === "EmailLogin") throw new ViewUnavailableError(view, "it opens from the e-mail field of Connect");
  if (view === "UpdateEmailWallet")
    throw new ViewUnavailableError(view, "it opens from Account with the e-mail wallet");
  if (NEED_CONNECTION.has(view) && !context.isConnected) {
    throw new ViewUnavailableError(view, "it needs a connected wallet");
  }
  if ((view === "RegisterAccountName" || view === "RegisterAccountNameSuccess") && !context.namesAvailable) {
    throw new ViewUnavailableError(view, "account names need the blockchain API (blockchainApiUrl)");
  }
  if (view === "RegisterAccountNameSuccess" && !route.data.accountName) {
    throw new ViewUnavailableError(view, "it shows a name just registered, and none was");
  }
}
