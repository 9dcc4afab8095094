// @vitest-environment jsdom
import { act, useState } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Dialog } from "./Dialog.tsx";

const dom = setUpDomRoot();

// jsdom has <dialog> without its methods: open and close it by its attribute (the browser also makes the page inert).
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Unstake
      </button>
      {open ? (
        <Dialog title="Unstake validator 12" onClose={() => setOpen(false)}>
          <input aria-label="Amount" />
          <button type="submit">Review</button>
        </Dialog>
      ) : null}
    </>
  );
}

function press(key: string, shiftKey = false) {
  const target = document.activeElement ?? document.body;
  return act(async () => target.dispatchEvent(new KeyboardEvent("keydown", { key, shiftKey, bubbles: true })));
}

async function openDialog(): Promise<HTMLButtonElement> {
  dom.render(<Page />);
  const opener = dom.container().querySelector("button");
  if (!opener) throw new Error("no opener");
  opener.focus();
  await act(async () => opener.click());
  return opener;
}

describe("Dialog", () => {
  it("is a modal named by its title, with focus inside", async () => {
    await openDialog();
    const dialog = dom.container().querySelector("dialog");
    expect(dialog?.open).toBe(true);
    expect(dialog?.getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(dialog?.getAttribute("aria-labelledby") ?? "")?.textContent).toBe(
      "Unstake validator 12",
    );
    expect(dialog?.contains(document.activeElement)).toBe(true);
  });

  it("closes on Escape and gives focus back to the button that opened it", async () => {
    const opener = await openDialog();
    await press("Escape");
    expect(dom.container().querySelector("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes with its Close button", async () => {
    const opener = await openDialog();
    await act(async () =>
      dom.container().querySelector<HTMLButtonElement>("dialog button[aria-label='Close']")?.click(),
    );
    expect(dom.container().querySelector("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("keeps Tab and Shift+Tab inside", async () => {
    await openDialog();
    const dialog = dom.container().querySelector("dialog");
    const review = dialog?.querySelector<HTMLButtonElement>("button[type='submit']");
    review?.focus();
    await press("Tab");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Close");
    await press("Tab", true);
    expect(document.activeElement).toBe(review);
  });
});
