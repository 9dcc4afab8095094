// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Alert } from "./Alert.tsx";

const dom = setUpDomRoot();

describe("Alert", () => {
  it("interrupts screen readers for warnings and failures, and waits its turn for information and good news", () => {
    dom.render(
      <>
        <Alert tone="danger" title="Deposit refused">
          <p>The withdrawal address is not yours.</p>
        </Alert>
        <Alert tone="warning">Check the amount.</Alert>
        <Alert tone="success">Staked.</Alert>
        <Alert>Rewards are paid once a day.</Alert>
      </>,
    );
    const [danger, warning, success, info] = [...dom.container().children];
    expect(danger?.getAttribute("role")).toBe("alert");
    expect(danger?.textContent).toBe("Deposit refusedThe withdrawal address is not yours.");
    expect(danger?.querySelector(".ui-alert__title")?.textContent).toBe("Deposit refused");
    expect(warning?.getAttribute("role")).toBe("alert");
    expect(success?.getAttribute("role")).toBe("status");
    expect(info?.getAttribute("role")).toBe("status");
    expect(info?.className).toBe("ui-alert ui-alert--info");
  });

  it("can stand as a static notice that is not announced", () => {
    dom.render(
      <Alert tone="warning" role="none">
        Read me in place.
      </Alert>,
    );
    expect(dom.container().firstElementChild?.hasAttribute("role")).toBe(false);
  });
});
