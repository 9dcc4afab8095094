// @vitest-environment jsdom
import { act } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import { useApiQuery } from "./use-api-query.ts";

const dom = setUpDomRoot();

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

beforeEach(() => answers.clear());

const show = (queryKey: string, group: string) => dom.render(<Probe queryKey={queryKey} group={group} />);
const shown = () => dom.container().textContent;
const answer = (key: string, value: string) => act(async () => answers.get(key)?.(value));

describe("useApiQuery", () => {
  it("keeps the last answer while another page of the same owner loads, never while another owner's does", async () => {
    show("alice:page1", "alice");
    await answer("alice:page1", "alice rows 1-10");
    expect(shown()).toBe("ready:alice rows 1-10");

    show("alice:page2", "alice");
    expect(shown()).toBe("loading:alice rows 1-10");
    await answer("alice:page2", "alice rows 11-20");
    expect(shown()).toBe("ready:alice rows 11-20");

    show("bob:page1", "bob");
    expect(shown()).toBe("loading:none");
    await answer("bob:page1", "bob rows 1-10");
    expect(shown()).toBe("ready:bob rows 1-10");
  });
});
