import type { LoaderFunctionArgs } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { rewardLoader } from "./route-loaders.ts";

function argsFor(path: string, network: string): LoaderFunctionArgs {
  const url = new URL(`http://app.test${path}`);
  return { request: new Request(url), url, pattern: "/:network/reward", params: { network }, context: undefined };
}

/** What a loader threw or returned: the redirect's target, or null when the page renders. */
function outcome(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
    throw thrown;
  }
}

describe("the reward route's loader", () => {
  it("completes a bare address with the history's view in the same navigation, keeping the address viewed", () => {
    const owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    expect(outcome(() => rewardLoader(argsFor(`/ethereum/reward?address=${owner}`, "ethereum")))).toBe(
      `/ethereum/reward?address=${owner}&type=all&current=1`,
    );
    expect(outcome(() => rewardLoader(argsFor("/ethereum/reward?type=consensus", "ethereum")))).toBe(
      "/ethereum/reward?type=consensus&current=1",
    );
  });

  it("lets a complete address render, and sends a network without a reward screen to the not-found page", () => {
    expect(outcome(() => rewardLoader(argsFor("/ethereum/reward?type=all&current=2", "ethereum")))).toBeNull();
    expect(outcome(() => rewardLoader(argsFor("/manta/reward", "manta")))).toBe("/404");
    // A link built from a missing value is not completed into a valid-looking address.
    expect(outcome(() => rewardLoader(argsFor("/ethereum/reward?type=undefined", "ethereum")))).toBe("/404");
  });
});
