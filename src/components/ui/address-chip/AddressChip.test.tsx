// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { AddressChip } from "./AddressChip.tsx";

const dom = setUpDomRoot();
const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

function copyButton(): HTMLButtonElement {
  const button = dom.container().querySelector("button");
  if (!button) throw new Error("no copy button");
  return button;
}

describe("AddressChip", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the short form and gives the full address to the title and to screen readers", () => {
    dom.render(<AddressChip address={address} />);
    const text = dom.container().querySelector(".ui-address-chip__text");
    expect(text?.getAttribute("title")).toBe(address);
    expect(text?.querySelector("[aria-hidden='true']")?.textContent).toBe("0x7099…79C8");
    expect(text?.querySelector(".visually-hidden")?.textContent).toBe(address);
    expect(copyButton().textContent).toBe(`Copy ${address}`);
    expect(dom.container().querySelector("a")).toBeNull();
  });

  it("puts the full address on the clipboard and says Copied", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal("navigator", { clipboard: { writeText } });
    dom.render(<AddressChip address={address} />);
    await act(async () => copyButton().click());
    expect(writeText).toHaveBeenCalledWith(address);
    expect(copyButton().textContent).toBe(`Copied ${address}`);
    expect(dom.container().querySelector("[role='status']")?.textContent).toBe("Copied");
  });

  it("says the copy failed when the browser refuses the clipboard", async () => {
    vi.stubGlobal("navigator", { clipboard: { writeText: async () => Promise.reject(new Error("denied")) } });
    dom.render(<AddressChip address={address} />);
    await act(async () => copyButton().click());
    expect(dom.container().querySelector("[role='status']")?.textContent).toBe("Copy failed");
  });

  it("links to the address on the explorer when given one", () => {
    dom.render(<AddressChip address={address} explorerUrl="https://etherscan.io" />);
    const link = dom.container().querySelector("a");
    expect(link?.getAttribute("href")).toBe(`https://etherscan.io/address/${address}`);
    expect(link?.textContent).toBe(`Explorer ${address}`);
  });
});
