// @vitest-environment jsdom
import { act } from "react";
import { mainnet } from "viem/chains";
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import type { WalletCatalogue } from "../catalogue/wallet-catalogue.ts";
import { createModalKit } from "../kit/create-modal-kit.ts";
import { KitContext } from "../modal/kit-context.ts";
import { createToastStore } from "../toast/toast-store.ts";
import { EmailField } from "./email-field.tsx";
import { FormError } from "./form-error.tsx";

/** The kit forms' one error line, seen through Connect's e-mail field (EmailLogin, Send... use the same). */
const dom = setUpDomRoot();

function showEmailField() {
  const kit = createModalKit({
    networks: [mainnet],
    metadata: { name: "Test", description: "Test", url: "https://stake.example", icons: [] },
  });
  dom.render(
    <KitContext.Provider value={{ kit, catalogue: {} as WalletCatalogue, toasts: createToastStore() }}>
      <EmailField disabled={false} />
    </KitContext.Provider>,
  );
  return kit;
}

const input = () => dom.container().querySelector<HTMLInputElement>("input") as HTMLInputElement;
const alerts = () => [...dom.container().querySelectorAll('[role="alert"]')];

function type(value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  setter?.call(input(), value);
  input().dispatchEvent(new Event("input", { bubbles: true }));
}

describe("form error line", () => {
  it("announces a refused value and is the input's description until the value changes", async () => {
    const kit = showEmailField();
    expect(alerts()).toEqual([]);
    expect(input().getAttribute("aria-describedby")).toBeNull();
    await act(async () => type("not-an-email"));
    await act(async () => dom.container().querySelector("form")?.requestSubmit());
    const [alert] = alerts();
    expect(alert?.textContent).toBe("Enter a valid e-mail address, such as name@example.com");
    expect(alert?.id).not.toBe("");
    expect(input().getAttribute("aria-describedby")).toBe(alert?.id);
    expect(input().getAttribute("aria-invalid")).toBe("true");
    expect(kit.store.getState().history.map((route) => route.view)).not.toContain("EmailLogin");
    await act(async () => type("name@example.com"));
    expect(alerts()).toEqual([]);
    expect(input().getAttribute("aria-describedby")).toBeNull();
  });

  it("renders nothing without a message", () => {
    dom.render(<FormError id="empty-error" message={undefined} />);
    expect(dom.container().innerHTML).toBe("");
    dom.render(<FormError id="empty-error" message="" />);
    expect(dom.container().innerHTML).toBe("");
  });
});
