// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { CoinAmount } from "./CoinAmount.tsx";

const dom = setUpDomRoot();

describe("CoinAmount", () => {
  it("shows a rounded amount with its symbol (a balance rounded down, a cap up), and every digit on hover", () => {
    dom.render(<CoinAmount value={3_500_000_000_000_000n} decimals={18} symbol="ETH" />);
    expect(dom.container().textContent).toBe("0.0035 ETH");
    expect(dom.container().firstElementChild?.getAttribute("title")).toBeNull();
    dom.render(<CoinAmount value={1_234_567_891_000_000_000n} decimals={18} symbol="ETH" />);
    expect(dom.container().textContent).toBe("1.2345 ETH");
    expect(dom.container().firstElementChild?.getAttribute("title")).toBe("1.234567891 ETH");
    dom.render(<CoinAmount value={999_960_000_000_000_000n} decimals={18} symbol="ETH" />);
    expect(dom.container().textContent).toBe("0.9999 ETH");
    expect(dom.container().firstElementChild?.getAttribute("title")).toBe("0.99996 ETH");
    dom.render(<CoinAmount value={243_568_199_945_250n} decimals={18} symbol="ETH" amountStyle="atMost" />);
    expect(dom.container().textContent).toBe("0.0002436 ETH");
    expect(dom.container().firstElementChild?.getAttribute("title")).toBe("0.00024356819994525 ETH");
  });

  it("never shows a small non-zero amount as nothing", () => {
    dom.render(<CoinAmount value={1n} decimals={18} symbol="CFX" />);
    expect(dom.container().textContent).toBe("<0.000001 CFX");
  });

  it("marks the figure people act on as emphasised", () => {
    dom.render(<CoinAmount value={64n * 10n ** 18n} decimals={18} symbol="ETH" emphasis />);
    expect(dom.container().firstElementChild?.className).toBe("ui-coin-amount ui-coin-amount--emphasis");
    expect(dom.container().textContent).toBe("64 ETH");
  });
});
