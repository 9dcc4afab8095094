// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { depositFixtures, FIXTURE_OWNER } from "../../../tests/support/deposit-fixtures.ts";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import { stakeOffering } from "../../core/stake-offering.ts";
import { networks } from "../../generated/index.ts";
import { StakeReviewRows } from "./StakeReviewRows.tsx";

const dom = setUpDomRoot();

/** The wallet's account after a switch on the review step: not the one the deposits were verified for. */
const switchedTo = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

describe("the stake review rows", () => {
  it("show the withdrawal address the verified deposits name, whatever account the wallet shows now", async () => {
    const offering = stakeOffering(networks.ethereum, "devnet");
    if (!offering) throw new Error("the ethereum devnet offers staking in config");
    const deposits = await depositFixtures(2);
    const choice = { credentialType: "0x01", validators: 2, perValidatorWei: offering.perValidatorWei } as const;
    const stake = {
      call: {
        to: offering.contract,
        abi: [],
        input: "0x",
        value: 2n * (offering.perValidatorWei + offering.serviceFeeWei),
      },
      deposits,
      feePerValidatorWei: offering.serviceFeeWei,
    } as const;
    // A screen that still passes the wallet's current account must not change what the review says.
    const current = { owner: switchedTo } as object;
    // The review's activation estimate reads the Beacon snapshot through react-query; with no server here it
    // never answers, and the rows above it must not wait for it.
    const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    dom.render(
      <QueryClientProvider client={queries}>
        <dl>
          <StakeReviewRows offering={offering} choice={choice} stake={stake} {...current} />
        </dl>
      </QueryClientProvider>,
    );
    const text = dom.container().textContent ?? "";
    expect(text).toContain(`Withdrawal address${FIXTURE_OWNER}`);
    expect(text).not.toContain(switchedTo);
    expect(text).toContain("Validators2");
    expect(text).toContain("Stake amount64 ETH");
  });
});
