import { showDialog } from "./dialog.ts";
import { text } from "./texts.ts";

/**
 * When a recovery share is shown: a new wallet ("created"), fresh shares of the same key after a restore or a
 * repair ("replaced"), or the new wallet a move of the funds made ("moved", with its address).
 */
export interface RecoveryMoment {
  readonly kind: "created" | "replaced" | "moved";
  /** The wallet the share belongs to (the new wallet after a move): it names the downloaded file. */
  readonly address: string;
}

/** The name of the downloaded recovery share: what it is and whose. */
export const recoveryShareFileName = (address: string) => `recovery-share-${address}.txt`;

const paragraph = (content: string, className?: string) => {
  const element = document.createElement("p");
  element.textContent = content;
  if (className) element.className = className;
  return element;
};

/** How long the copy button says "Copied". */
const COPIED_MS = 3_000;

/**
 * Copy and Download for the recovery share, inside the frame: the share goes to the clipboard or to a file
 * (its content exactly the share) from here, never through the host page. "Copied" shows on the button and
 * is announced.
 */
function shareTools(share: string, address: string): HTMLElement {
  const tools = document.createElement("div");
  tools.className = "share-tools";
  const status = document.createElement("p");
  status.className = "share-status";
  status.setAttribute("role", "status");
  const copy = document.createElement("button");
  copy.type = "button";
  copy.textContent = text("copyShare");
  let reset: ReturnType<typeof setTimeout> | undefined;
  copy.addEventListener("click", () => {
    clearTimeout(reset);
    (navigator.clipboard?.writeText(share) ?? Promise.reject(new Error("no clipboard"))).then(
      () => {
        copy.textContent = text("shareCopied");
        status.textContent = text("shareCopied");
        reset = setTimeout(() => {
          copy.textContent = text("copyShare");
          status.textContent = "";
        }, COPIED_MS);
      },
      () => {
        status.textContent = text("shareCopyFailed");
      },
    );
  });
  const download = document.createElement("button");
  download.type = "button";
  download.textContent = text("downloadShare");
  download.addEventListener("click", () => {
    const url = URL.createObjectURL(new Blob([share], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = recoveryShareFileName(address);
    link.click();
    // The object URL is dropped once the download has started.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  });
  tools.append(copy, download);
  const wrapper = document.createElement("div");
  wrapper.append(tools, status);
  return wrapper;
}

/**
 * Shows the recovery share once, with Copy and Download. After a re-split ("replaced") it also says plainly that the old recovery share
 * and the old device's share still rebuild the key, and offers to move the funds to a new wallet: resolves
 * "move" when the user chooses that, "kept" otherwise.
 */
export async function offerRecoveryShare(share: string, moment: RecoveryMoment): Promise<"kept" | "move"> {
  const body = document.createElement("div");
  const intro = {
    created: () => text("recoveryIntro"),
    replaced: () => text("recoveryReplacedIntro"),
    moved: () => text("newWalletIntro", { address: moment.address }),
  }[moment.kind]();
  const value = document.createElement("textarea");
  value.readOnly = true;
  value.rows = 3;
  value.value = share;
  value.setAttribute("aria-label", text("recoveryShare"));
  body.append(paragraph(intro), value, shareTools(share, moment.address));
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
