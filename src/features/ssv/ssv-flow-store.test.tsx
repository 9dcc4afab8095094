// @vitest-environment jsdom
import { act } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import { type SsvFlowState, ssvFlowStore, useSsvFlow } from "./ssv-flow-store.ts";

const dom = setUpDomRoot();
const SCOPE = "ethereum:devnet";
const operator = { id: 1, publicKey: "key", fee: "1" };
let flow: [SsvFlowState, (change: Partial<SsvFlowState>) => void];

function Capture() {
  flow = useSsvFlow(SCOPE);
  return <span>{flow[0].operators.length}</span>;
}

beforeEach(() => {
  sessionStorage.clear();
  ssvFlowStore(SCOPE).rehydrate();
});

describe("the SSV flow store", () => {
  it("keeps the flow per tab in session storage under ssvFlow:<scope>", () => {
    dom.render(<Capture />);
    act(() => flow[1]({ operators: [operator], days: 30 }));
    expect(JSON.parse(sessionStorage.getItem(`ssvFlow:${SCOPE}`) ?? "{}")).toEqual({ operators: [operator], days: 30 });
    expect(dom.container().textContent).toBe("1");
  });

  it("forgets verified keyshares when other operators are chosen", () => {
    dom.render(<Capture />);
    act(() => flow[1]({ operators: [operator], validators: [], verifiedFor: "0xabc" }));
    act(() => flow[1]({ operators: [{ ...operator, id: 2 }] }));
    expect(flow[0]).toEqual({ operators: [{ ...operator, id: 2 }], validators: undefined, verifiedFor: undefined });
  });

  it("starts a step from what session storage holds, and ignores what it cannot read", () => {
    sessionStorage.setItem(`ssvFlow:${SCOPE}`, JSON.stringify({ operators: [operator], registeredKeys: ["0x01"] }));
    dom.render(<Capture />);
    expect(flow[0].registeredKeys).toEqual(["0x01"]);
    sessionStorage.setItem(`ssvFlow:${SCOPE}`, JSON.stringify({ operators: "none" }));
    ssvFlowStore(SCOPE).rehydrate();
    expect(ssvFlowStore(SCOPE).getState()).toEqual({ operators: [] });
  });
});
