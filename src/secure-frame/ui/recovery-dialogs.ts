import { showDialog } from "./dialog.ts";
import { text } from "./texts.ts";

/** Shows the recovery share once, right after the wallet was created or restored (which replaces the old one). */
export async function offerRecoveryShare(share: string, moment: "created" | "replaced"): Promise<void> {
  const body = document.createElement("div");
  const intro = document.createElement("p");
  intro.textContent = text(moment === "created" ? "recoveryIntro" : "recoveryReplacedIntro");
  const value = document.createElement("textarea");
  value.readOnly = true;
  value.rows = 3;
  value.value = share;
  value.setAttribute("aria-label", text("recoveryShare"));
  body.append(intro, value);
  await showDialog(text(moment === "created" ? "recoveryTitle" : "recoveryReplacedTitle"), body, [
    { label: text("recoveryKept"), value: "ok", primary: true },
  ]);
}

/**
 * On a new device: asks for the recovery share; "" when the user cancels. After a share that did not restore
 * the wallet, `rejected` is what the user typed: it stays in the field, under the error that says why.
 */
export async function askRecoveryShare(rejected?: string): Promise<string> {
  const body = document.createElement("div");
  const intro = document.createElement("p");
  intro.textContent = text("newDeviceIntro");
  const field = document.createElement("textarea");
  field.rows = 3;
  field.id = "recovery-input";
  field.setAttribute("aria-label", text("recoveryShare"));
  body.append(intro, field);
  if (rejected !== undefined) {
    const error = document.createElement("p");
    error.id = "recovery-error";
    error.className = "error";
    error.setAttribute("role", "alert");
    error.textContent = text("recoveryMismatch");
    field.value = rejected;
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", error.id);
    body.append(error);
  }
  const choice = await showDialog(text("newDeviceTitle"), body, [
    { label: text("cancel"), value: "cancel" },
    { label: text("restore"), value: "restore", primary: true },
  ]);
  return choice === "restore" ? field.value.trim() : "";
}
