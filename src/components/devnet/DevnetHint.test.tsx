// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import enUS from "../../../locales/en_US.json";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import { DevnetHint } from "./DevnetHint.tsx";

const dom = setUpDomRoot();
const hint = enUS.ssv.ethDeposit.devnetHint;

describe("DevnetHint", () => {
  it("shows the SSV deposit data hint in a devnet build", () => {
    dom.render(<DevnetHint environment="devnet">{hint}</DevnetHint>);
    expect(dom.container().textContent).toBe(
      "On this devnet, npm run ssv:keyshares writes the deposit data file beside the keyshares.",
    );
  });

  it("shows nothing of it in a mainnet or testnet build", () => {
    for (const environment of ["mainnet", "testnet"] as const) {
      dom.render(<DevnetHint environment={environment}>{hint}</DevnetHint>);
      expect(dom.container().textContent).toBe("");
    }
  });
});
