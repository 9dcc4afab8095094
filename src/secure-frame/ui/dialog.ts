import { FRAME_HIDE, FRAME_SHOW } from "../../lib/embedded-wallet/protocol.ts";
import { text } from "./texts.ts";

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

/**
 * Shows one dialog in the frame (the kit makes the frame visible while it is up) and resolves with the value of
 * the button pressed, or with "" for Escape. `body` is built by the caller with textContent only (no HTML).
 */
export function showDialog(title: string, body: HTMLElement, buttons: readonly DialogButton[]): Promise<string> {
  const root = document.getElementById("frame-root");
  if (!root) return Promise.reject(new Error("The frame page has no #frame-root"));
  const section = document.createElement("section");
  section.className = "card";
  section.setAttribute("role", "dialog");
  section.setAttribute("aria-modal", "true");
  section.setAttribute("aria-labelledby", "frame-title");
  const heading = document.createElement("h1");
  heading.id = "frame-title";
  heading.textContent = title;
  const actions = document.createElement("div");
  actions.className = "actions";
  section.append(heading, body, actions);
  root.replaceChildren(section);
  notify(FRAME_SHOW);
  return new Promise((resolve) => {
    const done = (value: string) => {
      root.replaceChildren();
      document.removeEventListener("keydown", onKey);
      notify(FRAME_HIDE);
      resolve(value);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") done("");
    };
    document.addEventListener("keydown", onKey);
    for (const button of buttons) {
      const element = document.createElement("button");
      element.type = "button";
      element.textContent = button.label;
      if (button.primary) element.className = "primary";
      element.addEventListener("click", () => done(button.value));
      actions.append(element);
    }
    // The safe choice (decline, cancel) takes the focus, now and again once the kit has shown and focused the frame.
    const focusFirst = () =>
      (
        section.querySelector<HTMLElement>("textarea:not([readonly])") ??
        actions.querySelector<HTMLButtonElement>("button:not(.primary)") ??
        actions.querySelector<HTMLButtonElement>("button")
      )?.focus();
    focusFirst();
    window.addEventListener("focus", focusFirst, { once: true });
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

/** Asks the user to approve a request; true when approved. */
export async function askApproval(title: string, details: HTMLElement): Promise<boolean> {
  const choice = await showDialog(title, details, [
    { label: text("decline"), value: "decline" },
    { label: text("approve"), value: "approve", primary: true },
  ]);
  return choice === "approve";
}
