// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useApiQuery } from "./use-api-query.ts";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** Reads that the test answers when it chooses, by key. */
const answers = new Map<string, (value: string) => void>();
const read = (key: string) =>
  new Promise<string>((resolve) => {
    answers.set(key, resolve);
  });

function Probe({ queryKey, group }: { readonly queryKey: string; readonly group: string }) {
  const query = useApiQuery(queryKey, () => read(queryKey), group);
  return <p>{`${query.status}:${query.data ?? "none"}`}</p>;
}

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  answers.clear();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const show = (queryKey: string, group: string) => act(() => root.render(<Probe queryKey={queryKey} group={group} />));
const answer = (key: string, value: string) => act(async () => answers.get(key)?.(value));

describe("useApiQuery", () => {
  it("keeps the last answer while another page of the same owner loads, never while another owner's does", async () => {
    show("alice:page1", "alice");
    await answer("alice:page1", "alice rows 1-10");
    expect(container.textContent).toBe("ready:alice rows 1-10");

    show("alice:page2", "alice");
    expect(container.textContent).toBe("loading:alice rows 1-10");
    await answer("alice:page2", "alice rows 11-20");
    expect(container.textContent).toBe("ready:alice rows 11-20");

    show("bob:page1", "bob");
    expect(container.textContent).toBe("loading:none");
    await answer("bob:page1", "bob rows 1-10");
    expect(container.textContent).toBe("ready:bob rows 1-10");
  });
});
