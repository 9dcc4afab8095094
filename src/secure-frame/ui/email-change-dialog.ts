import { block, showDialog } from "./dialog.ts";
import { text } from "./texts.ts";

/**
 * Asks, inside the frame, whether to move the wallet's login from `current` to `next`; true when the user
 * confirms. Shown before anything is sent, so a host page cannot start an e-mail change the user did not see.
 */
export async function confirmEmailChange(current: string, next: string): Promise<boolean> {
  const body = document.createElement("div");
  const intro = document.createElement("p");
  intro.textContent = text("emailChangeIntro");
  body.append(intro, block([text("emailChangeFrom"), current], [text("emailChangeTo"), next]));
  const choice = await showDialog(text("emailChangeTitle"), body, [
    { label: text("cancel"), value: "cancel" },
    { label: text("emailChangeConfirm"), value: "change", primary: true },
  ]);
  return choice === "change";
}
