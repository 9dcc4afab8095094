// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import type { OwnerScope } from "../../core/api/owner-scope.ts";
import { operationsQueryOptions } from "./operations-query.ts";
import { rewardsHistoryQueryOptions } from "./rewards-history-query.ts";
import { rewardsSummaryQueryOptions } from "./rewards-summary-query.ts";
import { validatorsQueryOptions } from "./validators-query.ts";

const dom = setUpDomRoot();

const alice: OwnerScope = {
  owner: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  network: "ethereum",
  environment: "devnet",
};
const bob: OwnerScope = { ...alice, owner: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" };

describe("query keys of the business API's reads", () => {
  it("never share a key between two owners, and name network, environment and page", () => {
    const page = { type: "all", order: "desc", page: "1", pageSize: "10" } as const;
    const keysOf = (scope: OwnerScope) => [
      rewardsSummaryQueryOptions(scope).queryKey,
      rewardsHistoryQueryOptions(scope, page).queryKey,
      operationsQueryOptions(scope, 1, 20).queryKey,
      validatorsQueryOptions(scope).queryKey,
    ];
    const aliceKeys = keysOf(alice).map((key) => JSON.stringify(key));
    const bobKeys = keysOf(bob).map((key) => JSON.stringify(key));
    for (const key of aliceKeys) expect(bobKeys).not.toContain(key);
    expect(operationsQueryOptions(alice, 2, 20).queryKey).toEqual([
      "owner",
      "ethereum",
      "devnet",
      "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
      "operations",
      2,
      20,
    ]);
    // The same owner typed in another case is the same owner.
    expect(validatorsQueryOptions({ ...alice, owner: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8" }).queryKey).toEqual(
      validatorsQueryOptions(alice).queryKey,
    );
    expect(validatorsQueryOptions({ ...alice, environment: "hoodi" }).queryKey).not.toEqual(
      validatorsQueryOptions(alice).queryKey,
    );
  });
});

/** The backend's answers to GET /operations, given when the test chooses, by owner and page. */
const answers = new Map<string, (total: number) => void>();
const operationsPage = (total: number, page: number) =>
  new Response(JSON.stringify({ total, page, pageSize: 20, operations: [] }), {
    headers: { "content-type": "application/json" },
  });

beforeEach(() => {
  answers.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const query = new URL(url).searchParams;
      const page = Number(query.get("page"));
      return new Promise<Response>((resolve) =>
        answers.set(`${query.get("owner")}:${page}`, (total) => resolve(operationsPage(total, page))),
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Probe({ scope, page }: { readonly scope: OwnerScope; readonly page: number }) {
  const query = useQuery(operationsQueryOptions(scope, page, 20));
  return (
    <p>{`${query.isFetching ? "loading" : "ready"}:${query.data ? `${query.data.page}/${query.data.total}` : "none"}`}</p>
  );
}

describe("paged reads", () => {
  it("keep the last page while another page of the same owner loads, never while another owner's does", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const show = (scope: OwnerScope, page: number) =>
      dom.render(
        <QueryClientProvider client={client}>
          <Probe scope={scope} page={page} />
        </QueryClientProvider>,
      );
    const shown = () => dom.container().textContent;
    const answer = async (scope: OwnerScope, page: number, total: number) => {
      await vi.waitFor(() => expect(answers.has(`${scope.owner}:${page}`)).toBe(true));
      await act(async () => answers.get(`${scope.owner}:${page}`)?.(total));
      await vi.waitFor(() => expect(shown()).toMatch(/^ready/));
    };

    show(alice, 1);
    await answer(alice, 1, 41);
    expect(shown()).toBe("ready:1/41");

    show(alice, 2);
    expect(shown()).toBe("loading:1/41");
    await answer(alice, 2, 41);
    expect(shown()).toBe("ready:2/41");

    show(bob, 1);
    expect(shown()).toBe("loading:none");
    await answer(bob, 1, 3);
    expect(shown()).toBe("ready:1/3");
    client.clear();
  });
});
