// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { EmptyState } from "./EmptyState.tsx";

const dom = setUpDomRoot();

describe("EmptyState", () => {
  it("says there is nothing yet and offers the next step", () => {
    dom.render(
      <EmptyState action={<a href="/ethereum">Stake 32 ETH</a>}>No validators for this address yet.</EmptyState>,
    );
    expect(dom.container().querySelector("p")?.textContent).toBe("No validators for this address yet.");
    expect(dom.container().querySelector("a")?.textContent).toBe("Stake 32 ETH");
  });
});
