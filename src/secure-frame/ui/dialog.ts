import { FRAME_HIDE, FRAME_SHOW } from "../../core/embedded-wallet/protocol.ts";
import { FrameRequestError } from "../frame-request-error.ts";
import { text } from "./texts.ts";
import { armWhenVisible } from "./visibility-gate.ts";

/** Posts to the host (only its verified origin), set by main.ts once the allowed origins are known. */
let notify: (type: string) => void = () => undefined;
export const setHostNotifier = (post: (type: string) => void) => {
  notify = post;
};

export interface DialogButton {
  readonly label: string;
  readonly primary?: boolean;
  readonly value: string;
}

export interface DialogOptions {
  /** The primary button works only once the dialog has been fully visible for a while (visibility-gate.ts). */
  readonly gated?: boolean;
}

interface QueuedDialog {
  readonly title: string;
  readonly body: HTMLElement;
  readonly buttons: readonly DialogButton[];
  readonly gated: boolean;
  readonly resolve: (value: string) => void;
}

/** The most dialogs that may wait behind the one shown; more are refused (EIP-1474 -32005, limit exceeded). */
export const MAX_WAITING_DIALOGS = 20;

/** The dialog shown is queue[0]; the others wait, first come first shown. */
const queue: QueuedDialog[] = [];
let stopShown: () => void = () => undefined;

const waitingText = (waiting: number) =>
  waiting === 0 ? "" : waiting === 1 ? text("waitingOne") : text("waitingMany", { count: String(waiting) });

function updateWaiting(): void {
  const note = document.getElementById("frame-waiting");
  if (note) note.textContent = waitingText(queue.length - 1);
}

function onKey(event: KeyboardEvent): void {
  if (event.key === "Escape" && queue[0]) answer(queue[0], "");
}

/** Answers the dialog shown, then shows the next one waiting, or hides the frame when none is. */
function answer(dialog: QueuedDialog, value: string): void {
  if (queue[0] !== dialog) return;
  stopShown();
  queue.shift();
  dialog.resolve(value);
  const root = document.getElementById("frame-root");
  const next = queue[0];
  if (root && next) {
    render(root, next);
    return;
  }
  root?.replaceChildren();
  document.removeEventListener("keydown", onKey);
  notify(FRAME_HIDE);
}

/** Shows `dialog` in place of the one answered: a new card, so its Approve button starts disabled again. */
function render(root: HTMLElement, dialog: QueuedDialog): void {
  const section = document.createElement("section");
  section.className = "card";
  section.setAttribute("role", "dialog");
  section.setAttribute("aria-modal", "true");
  section.setAttribute("aria-labelledby", "frame-title");
  const heading = document.createElement("h1");
  heading.id = "frame-title";
  heading.textContent = dialog.title;
  const waiting = document.createElement("p");
  waiting.id = "frame-waiting";
  waiting.className = "waiting";
  waiting.setAttribute("role", "status");
  waiting.textContent = waitingText(queue.length - 1);
  const actions = document.createElement("div");
  actions.className = "actions";
  let primary: HTMLButtonElement | undefined;
  for (const button of dialog.buttons) {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = button.label;
    if (button.primary) {
      element.className = "primary";
      primary = element;
    }
    element.addEventListener("click", () => answer(dialog, button.value));
    actions.append(element);
  }
  section.append(heading, dialog.body, waiting, actions);
  root.replaceChildren(section);
  stopShown = dialog.gated && primary ? armWhenVisible(section, primary) : () => undefined;
  // The safe choice (decline, cancel) takes the focus, now and again once the kit has shown and focused the frame.
  const focusFirst = () =>
    (
      section.querySelector<HTMLElement>("textarea:not([readonly])") ??
      actions.querySelector<HTMLButtonElement>("button:not(.primary)") ??
      actions.querySelector<HTMLButtonElement>("button")
    )?.focus();
  focusFirst();
  window.addEventListener("focus", focusFirst, { once: true });
}

/**
 * Shows one dialog in the frame (the kit makes the frame visible while any is up) and resolves with the value
 * of the button pressed, or with "" for Escape. Dialogs never replace one another: one asked while another is
 * up waits, and is shown once every earlier one is answered; the dialog shown says how many wait. `body` is
 * built by the caller with textContent only (no HTML).
 */
export function showDialog(
  title: string,
  body: HTMLElement,
  buttons: readonly DialogButton[],
  options: DialogOptions = {},
): Promise<string> {
  const root = document.getElementById("frame-root");
  if (!root) return Promise.reject(new Error("The frame page has no #frame-root"));
  if (queue.length > MAX_WAITING_DIALOGS)
    return Promise.reject(new FrameRequestError(text("tooManyWaiting"), { code: -32005 }));
  return new Promise((resolve) => {
    const dialog: QueuedDialog = { title, body, buttons, gated: options.gated ?? false, resolve };
    queue.push(dialog);
    if (queue.length > 1) {
      updateWaiting();
      return;
    }
    document.addEventListener("keydown", onKey);
    render(root, dialog);
    notify(FRAME_SHOW);
  });
}

/** A paragraph, a labelled value block, ... for dialog bodies. */
export function block(...parts: readonly (readonly [label: string, value: string])[]): HTMLElement {
  const list = document.createElement("dl");
  for (const [label, value] of parts) {
    const term = document.createElement("dt");
    term.textContent = label;
    const detail = document.createElement("dd");
    detail.textContent = value;
    list.append(term, detail);
  }
  return list;
}

/** Asks the user to approve a request; true when approved (its Approve button is gated on visibility). */
export async function askApproval(title: string, details: HTMLElement): Promise<boolean> {
  const choice = await showDialog(
    title,
    details,
    [
      { label: text("decline"), value: "decline" },
      { label: text("approve"), value: "approve", primary: true },
    ],
    { gated: true },
  );
  return choice === "approve";
}
