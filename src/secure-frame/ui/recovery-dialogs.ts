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

/** On a new device: asks for the recovery share; "" when the user cancels. */
export async function askRecoveryShare(): Promise<string> {
  const body = document.createElement("div");
  const intro = document.createElement("p");
  intro.textContent = text("newDeviceIntro");
  const field = document.createElement("textarea");
  field.rows = 3;
  field.id = "recovery-input";
  field.setAttribute("aria-label", text("recoveryShare"));
  body.append(intro, field);
  const choice = await showDialog(text("newDeviceTitle"), body, [
    { label: text("cancel"), value: "cancel" },
    { label: text("restore"), value: "restore", primary: true },
  ]);
  return choice === "restore" ? field.value.trim() : "";
}
