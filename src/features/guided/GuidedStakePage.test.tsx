// @vitest-environment jsdom
import decodeQR from "qr/decode.js";
import { act } from "react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import { ToastProvider } from "../../components/toast/ToastProvider.tsx";
import { type Network, networks } from "../../generated/index.ts";
import { GuidedStakePage } from "./GuidedStakePage.tsx";

const dom = setUpDomRoot();

// A node id from Avalanche's published bootstrap list: a well-formed id for the page, run by nobody here.
const NODE_ID = "NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg";

function withTarget(network: Network, id: string | undefined): Network {
  const guide = network.guide;
  if (!guide?.delegateTo) throw new Error(`${network.slug} has no guide`);
  return { ...network, guide: { ...guide, delegateTo: { ...guide.delegateTo, ...(id ? { id } : {}) } } };
}

function show(network: Network) {
  const guide = network.guide;
  if (!guide) throw new Error("no guide");
  dom.render(
    <MemoryRouter>
      <ToastProvider regionLabel="Notifications" closeLabel="Close notification">
        <GuidedStakePage network={network} guide={guide} />
      </ToastProvider>
    </MemoryRouter>,
  );
}

const text = () => dom.container().textContent ?? "";
const steps = () => [...dom.container().querySelectorAll(".guided-steps li")].map((item) => item.textContent);

/** The QR code's SVG path drawn onto a pixel grid and read back by the qr package's own decoder. */
function readQr(svg: SVGSVGElement): string {
  const size = Number(svg.getAttribute("viewBox")?.split(" ")[2]);
  const scale = 4;
  const width = size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  const d = svg.querySelector("path")?.getAttribute("d") ?? "";
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        data[offset] = data[offset + 1] = data[offset + 2] = 0;
      }
    }
  }
  return decodeQR({ width, height: width, data });
}

describe("guided stake page", () => {
  it("shows the configured id with copy and a QR code that scans to exactly that id, the steps and the wallets", async () => {
    show(withTarget(networks.avalanche, NODE_ID));
    const target = dom.container().querySelector(".delegation-target");
    expect(target?.querySelector("h2")?.textContent).toBe("The node to delegate to on Avalanche");
    expect(target?.querySelector("code")?.textContent).toBe(NODE_ID);
    const qr = target?.querySelector<SVGSVGElement>("svg[role=img]");
    expect(qr?.getAttribute("aria-label")).toBe(`QR code of the node id ${NODE_ID}`);
    expect(readQr(qr as SVGSVGElement)).toBe(NODE_ID);

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const copy = [...dom.container().querySelectorAll("button")].find(
      (button) => button.textContent === "Copy node id",
    );
    await act(async () => copy?.click());
    expect(writeText).toHaveBeenCalledWith(NODE_ID);

    expect(steps()).toHaveLength(4);
    expect(steps()[0]).toBe(
      "Open a wallet that supports Avalanche P-Chain staking, such as Core, and move at least 25 AVAX to the P-Chain.",
    );
    const wallets = [...dom.container().querySelectorAll(".guided-wallets a")];
    expect(wallets.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("target")])).toEqual([
      ["Open Core", "https://core.app/", "_blank"],
    ]);
    expect(text()).toContain("You stake in your wallet app, not on this page");
    expect(text()).not.toMatch(/Contact us|Ask us/);
  });

  it("says delegation is not open until config holds the id: no steps, no wallets, no id, nobody to ask", () => {
    show(withTarget(networks.avalanche, undefined));
    expect(text()).toContain(
      "Delegation with Meridian is not open on Avalanche yet: this page will show the node to delegate to, with the steps, once Meridian publishes it.",
    );
    expect(steps()).toHaveLength(0);
    expect(dom.container().querySelector(".delegation-target")).toBeNull();
    expect(dom.container().querySelector("svg[role=img]")).toBeNull();
    expect(dom.container().querySelector(".guided-wallets")).toBeNull();
    expect(text()).not.toMatch(/Contact us|Ask us/);
    // the facts and guides stay
    expect(text()).toContain("25 AVAX");
  });

  it("shows Manta's minimum as the parameter's configured value and name", () => {
    show(withTarget(networks.manta, "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY"));
    expect(text()).toContain("500 MANTA, set by the chain's parachainStaking.minDelegation (can change)");
    expect(steps()[2]).toBe(
      "Delegate at least 500 MANTA (the chain's parachainStaking.minDelegation; check the current value in your wallet) and confirm.",
    );
    expect([...dom.container().querySelectorAll(".guided-wallets a")].map((link) => link.textContent)).toEqual([
      "Open SubWallet",
      "Open Talisman",
      "Open polkadot{.js}",
    ]);
  });

  it("checks a planned Cosmos delegation against the config (6 decimals), with the error next to the field", async () => {
    show(withTarget(networks.cosmos, "cosmosvaloper1sjllsnramtg3ewxqwwrwjxfgc4n4ef9u2lcnj0"));
    const plan = [...dom.container().querySelectorAll("section")].find(
      (section) => section.querySelector("h2")?.textContent === "Plan your ATOM delegation",
    );
    const amount = plan?.querySelector("input") as HTMLInputElement;
    const check = [...(plan?.querySelectorAll("button") ?? [])].find((button) => button.textContent === "Check amount");
    const type = async (value: string) => {
      await act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(amount, value);
        amount.dispatchEvent(new Event("input", { bubbles: true }));
      });
      await act(async () => check?.click());
    };
    await type("");
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(plan?.textContent).toContain("Enter an amount.");
    await type("1.0000001");
    expect(plan?.textContent).toContain("Use at most 6 decimal places: ATOM has no smaller unit.");
    await type("0");
    expect(plan?.textContent).toContain("Enter an amount greater than zero.");
    await type("12.5");
    expect(amount.getAttribute("aria-invalid")).toBeNull();
    expect(plan?.querySelector("[role=status]")?.textContent).toBe(
      "12.5 ATOM is a valid delegation on Cosmos. Delegate it to the provider's validator in your wallet, following the steps.",
    );
  });
});
