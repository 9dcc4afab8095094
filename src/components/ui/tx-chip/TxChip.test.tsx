// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { TxChip } from "./TxChip.tsx";

const dom = setUpDomRoot();
const hash = "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060";

describe("TxChip", () => {
  it("shows 0x5c50…2060 with the full hash in its title, copy button and screen-reader text", () => {
    dom.render(<TxChip hash={hash} />);
    const text = dom.container().querySelector(".ui-tx-chip .ui-address-chip__text");
    expect(text?.getAttribute("title")).toBe(hash);
    expect(text?.querySelector("[aria-hidden='true']")?.textContent).toBe("0x5c50…2060");
    expect(text?.querySelector(".visually-hidden")?.textContent).toBe(hash);
    expect(dom.container().querySelector("button")?.textContent).toBe(`Copy ${hash}`);
    expect(dom.container().querySelector("a")).toBeNull();
  });

  it("links to the transaction's page on the network's explorer", () => {
    dom.render(<TxChip hash={hash} explorerUrl="https://hoodi.etherscan.io" />);
    const link = dom.container().querySelector("a");
    expect(link?.getAttribute("href")).toBe(`https://hoodi.etherscan.io/tx/${hash}`);
    expect(link?.textContent).toBe(`Explorer ${hash}`);
  });
});
