// @vitest-environment jsdom
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import type { ListedValidator } from "../../core/api/validators.ts";
import { type Explorers, networks } from "../../generated/index.ts";
import { ValidatorCard } from "./ValidatorCard.tsx";

const dom = setUpDomRoot();

const owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const pubkey = `0x${"ab".repeat(48)}` as const;
const validator: ListedValidator = {
  index: 42,
  pubkey,
  depositAddress: owner,
  withdrawalAddress: owner,
  withdrawalCredentials: `0x01${"00".repeat(11)}${owner.slice(2).toLowerCase()}`,
  status: "active_ongoing",
  balanceWei: 32_000_000_001_000_000_000n,
  depositTxHash: `0x${"cd".repeat(32)}`,
};
const mainnet = networks.ethereum.environments?.find((environment) => environment.id === "mainnet");

function show(listed: ListedValidator, explorers: Explorers | undefined = mainnet?.explorers, onUnstake = vi.fn()) {
  dom.render(
    <ValidatorCard
      validator={listed}
      symbol="ETH"
      decimals={18}
      consensusExplorer={explorers?.consensus}
      executionExplorer={explorers?.execution}
      onUnstake={onUnstake}
    />,
  );
  return onUnstake;
}
const links = () =>
  [...dom.container().querySelectorAll("a")].map((link) => [link.textContent, link.getAttribute("href")]);
const unstakeButtons = () =>
  [...dom.container().querySelectorAll("button")].filter((button) => button.textContent?.startsWith("Unstake"));

describe("a validator card", () => {
  it("links the validator, addresses and deposit to the environment's explorers", () => {
    show(validator);
    expect(dom.container().querySelector("h3")?.textContent).toBe("Validator 42");
    expect(dom.container().textContent).toContain("Balance32 ETH");
    expect(dom.container().querySelector(".ui-coin-amount")?.getAttribute("title")).toBe("32.000000001 ETH");
    expect(dom.container().textContent).toContain("StatusActive");
    expect(dom.container().querySelector("[data-status] .ui-badge--success")?.textContent).toBe("Active");
    expect(links()).toEqual([
      [`Explorer ${owner}`, `https://etherscan.io/address/${owner}`],
      [`Explorer ${owner}`, `https://etherscan.io/address/${owner}`],
      ["View on Etherscan", `https://etherscan.io/tx/${validator.depositTxHash}`],
      ["View the validator on beaconcha.in", "https://beaconcha.in/validator/42"],
    ]);
  });

  it("shows plain values where the environment has no explorer (devnet)", () => {
    show(validator, {});
    expect(links()).toEqual([]);
    expect(dom.container().textContent).toContain(pubkey);
    expect(dom.container().textContent).toContain(validator.depositTxHash);
    expect(dom.container().textContent).toContain(`Deposit address${owner}0x7099…79C8Copy ${owner}`);
  });

  it("offers unstake only for an active validator with a withdrawal address", () => {
    const onUnstake = show(validator);
    const button = [...dom.container().querySelectorAll("button")].find(
      (element) => element.textContent === "Unstake Validator 42",
    );
    act(() => button?.click());
    expect(onUnstake).toHaveBeenCalledWith(validator);

    show({ ...validator, status: "active_exiting" });
    expect(dom.container().textContent).toContain("StatusExiting");
    expect(dom.container().querySelector("[data-status] .ui-badge--warning")?.textContent).toBe("Exiting");
    expect(unstakeButtons()).toHaveLength(0);

    const bls = `0x00${"11".repeat(31)}` as const;
    show({ ...validator, withdrawalAddress: null, withdrawalCredentials: bls, index: null });
    expect(dom.container().querySelector("h3")?.textContent).toBe("Validator (no index yet)");
    expect(dom.container().textContent).toContain(`Withdrawal credentials${bls}`);
    expect(unstakeButtons()).toHaveLength(0);
  });

  it("offers an upgrade to compounding only to an active 0x01 validator, and a consolidation to any active one", () => {
    const onUpgrade = vi.fn();
    const onConsolidate = vi.fn();
    const render = (listed: ListedValidator) =>
      dom.render(
        <ValidatorCard
          validator={listed}
          symbol="ETH"
          decimals={18}
          consensusExplorer={undefined}
          executionExplorer={undefined}
          onUnstake={vi.fn()}
          onUpgrade={onUpgrade}
          onConsolidate={onConsolidate}
        />,
      );
    const named = (name: string) =>
      [...dom.container().querySelectorAll("button")].find((button) => button.getAttribute("aria-label") === name);
    render(validator);
    // Each button is named by its visible words, then the validator's name (for a screen reader listing buttons).
    act(() => named("Upgrade to compounding: Validator 42")?.click());
    expect(onUpgrade).toHaveBeenCalledWith(validator);
    act(() => named("Consolidate into…: Validator 42")?.click());
    expect(onConsolidate).toHaveBeenCalledWith(validator);
    expect(named("Upgrade to compounding: Validator 42")?.textContent).toBe("Upgrade to compounding");

    const compounding = {
      ...validator,
      withdrawalCredentials: `0x02${validator.withdrawalCredentials.slice(4)}` as const,
    };
    render(compounding);
    expect(named("Upgrade to compounding: Validator 42")).toBeUndefined();
    expect(named("Consolidate into…: Validator 42")).toBeDefined();
    render({ ...validator, status: "active_exiting" });
    expect(named("Consolidate into…: Validator 42")).toBeUndefined();
  });
});

describe("a validator card's top-up", () => {
  const render = (listed: ListedValidator) => {
    const onTopUp = vi.fn();
    dom.render(
      <ValidatorCard
        validator={listed}
        symbol="ETH"
        decimals={18}
        consensusExplorer={undefined}
        executionExplorer={undefined}
        onUnstake={vi.fn()}
        onTopUp={onTopUp}
      />,
    );
    const button = dom.container().querySelector<HTMLButtonElement>('button[aria-label="Top up: Validator 42"]');
    return { onTopUp, button };
  };

  it("is offered to any address for a validator the beacon chain holds, even one below 32 ETH without a withdrawal address", () => {
    const { onTopUp, button } = render({ ...validator, status: "pending_initialized", withdrawalAddress: null });
    expect(button?.textContent).toBe("Top up");
    expect(unstakeButtons()).toHaveLength(0);
    act(() => button?.click());
    expect(onTopUp).toHaveBeenCalledWith(expect.objectContaining({ pubkey }));
  });

  it("is not offered once the validator exits, is slashed, or before the beacon chain has it", () => {
    for (const status of ["deposited", "active_exiting", "active_slashed", "exited_unslashed", "withdrawal_done"]) {
      expect(render({ ...validator, status }).button, status).toBeNull();
    }
  });
});
