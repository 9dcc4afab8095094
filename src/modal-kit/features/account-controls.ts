import type { Features } from "./features.ts";

/** Account's action buttons this kit has. */
export type AccountAction = "receive" | "send";
/** Account's tabs. */
export type AccountTab = "tokens" | "activity";

/**
 * Account's buttons, in walletFeaturesOrder: send when its flag is on and the blockchain API gives the token
 * list (canSend), receive when its flag is on; onramp and swaps have no feature in this kit.
 */
export function accountActions(features: Features, canSend: boolean): AccountAction[] {
  return features.walletFeaturesOrder.filter(
    (feature): feature is AccountAction =>
      (feature === "send" && features.send && canSend) || (feature === "receive" && features.receive),
  );
}

/** Account's tabs: Tokens, and Activity while the activity flag is on. */
export function accountTabs(features: Features): AccountTab[] {
  return features.activity ? ["tokens", "activity"] : ["tokens"];
}
