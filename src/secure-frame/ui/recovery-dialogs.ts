import { showDialog } from "./dialog.ts";
import { text } from "./texts.ts";

/**
 * When a recovery share is shown: a new wallet ("created"), fresh shares of the same key after a restore or a
 * repair ("replaced"), or the new wallet a move of the funds made ("moved", with its address).
 */
export type RecoveryMoment =
  | { readonly kind: "created" | "replaced" }
  | { readonly kind: "moved"; readonly address: string };

const paragraph = (content: string, className?: string) => {
  const element = document.createElement("p");
  element.textContent = content;
  if (className) element.className = className;
  return element;
};

/**
 * Shows the recovery share once. After a re-split ("replaced") it also says plainly that the old recovery share
 * and the old device's share still rebuild the key, and offers to move the funds to a new wallet: resolves
 * "move" when the user chooses that, "kept" otherwise.
 */
export async function offerRecoveryShare(share: string, moment: RecoveryMoment): Promise<"kept" | "move"> {
  const body = document.createElement("div");
  const intro = {
    created: () => text("recoveryIntro"),
    replaced: () => text("recoveryReplacedIntro"),
    moved: () => text("newWalletIntro", { address: moment.kind === "moved" ? moment.address : "" }),
  }[moment.kind]();
  const value = document.createElement("textarea");
  value.readOnly = true;
  value.rows = 3;
  value.value = share;
  value.setAttribute("aria-label", text("recoveryShare"));
  body.append(paragraph(intro), value);
  const replaced = moment.kind === "replaced";
  if (replaced) {
    const warning = paragraph(text("resplitWarning"), "warning");
    warning.id = "resplit-warning";
    body.append(warning);
  }
  const title = { created: "recoveryTitle", replaced: "recoveryReplacedTitle", moved: "newWalletTitle" } as const;
  const choice = await showDialog(text(title[moment.kind]), body, [
    ...(replaced ? [{ label: text("moveFunds"), value: "move" }] : []),
    { label: text("recoveryKept"), value: "kept", primary: true },
  ]);
  return choice === "move" ? "move" : "kept";
}

/**
 * Asks for the recovery share; "" when the user cancels. "newDevice": this browser has no device share (it
 * restores with the server's share); "repair": the server's share is missing or wrong (it rebuilds with this
 * browser's share). After a share that did not rebuild the wallet, `rejected` is what the user typed: it stays
 * in the field, under the error that says why.
 */
export async function askRecoveryShare(purpose: "newDevice" | "repair", rejected?: string): Promise<string> {
  const body = document.createElement("div");
  body.append(paragraph(text(purpose === "repair" ? "repairIntro" : "newDeviceIntro")));
  const field = document.createElement("textarea");
  field.rows = 3;
  field.id = "recovery-input";
  field.setAttribute("aria-label", text("recoveryShare"));
  body.append(field);
  if (rejected !== undefined) {
    const error = paragraph(text("recoveryMismatch"), "error");
    error.id = "recovery-error";
    error.setAttribute("role", "alert");
    field.value = rejected;
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", error.id);
    body.append(error);
  }
  const restore = purpose === "repair" ? "repair" : "restore";
  const choice = await showDialog(text(purpose === "repair" ? "repairTitle" : "newDeviceTitle"), body, [
    { label: text("cancel"), value: "cancel" },
    { label: text(restore), value: restore, primary: true },
  ]);
  return choice === restore ? field.value.trim() : "";
}
