// @vitest-environment jsdom
import i18next from "i18next";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import enUS from "../../../locales/en_US.json";
import { depositFixtures, FIXTURE_OWNER } from "../../../tests/support/deposit-fixtures.ts";
import { networks } from "../../generated/index.ts";
import { StakeReviewRows } from "./StakeReviewRows.tsx";
import { stakeOffering } from "./stake-offering.ts";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: { en_US: { translation: enUS } }, lng: "en_US", interpolation: { escapeValue: false } });
});

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** The wallet's account after a switch on the review step: not the one the deposits were verified for. */
const switchedTo = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

describe("the stake review rows", () => {
  it("show the withdrawal address the verified deposits name, whatever account the wallet shows now", async () => {
    const offering = stakeOffering(networks.ethereum, "devnet");
    if (!offering) throw new Error("the ethereum devnet offers staking in config");
    const deposits = await depositFixtures(2);
    const choice = { credentialType: "0x01", validators: 2, perValidatorWei: offering.perValidatorWei } as const;
    const stake = {
      call: { to: offering.contract, data: "0x", value: 2n * (offering.perValidatorWei + offering.serviceFeeWei) },
      deposits,
      feePerValidatorWei: offering.serviceFeeWei,
    } as const;
    // A screen that still passes the wallet's current account must not change what the review says.
    const current = { owner: switchedTo } as object;
    act(() =>
      root.render(
        <I18nextProvider i18n={i18n}>
          <dl>
            <StakeReviewRows offering={offering} choice={choice} stake={stake} {...current} />
          </dl>
        </I18nextProvider>,
      ),
    );
    const text = container.textContent ?? "";
    expect(text).toContain(`Withdrawal address${FIXTURE_OWNER}`);
    expect(text).not.toContain(switchedTo);
    expect(text).toContain("Validators2");
    expect(text).toContain("Stake amount64 ETH");
  });
});
