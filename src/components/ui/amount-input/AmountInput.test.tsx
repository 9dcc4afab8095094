// @vitest-environment jsdom
import { act } from "react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { AmountInput } from "./AmountInput.tsx";

const dom = setUpDomRoot();

function StakeAmount({ balance }: { readonly balance?: bigint }) {
  const { register, setValue } = useForm<{ amount: string }>({ defaultValues: { amount: "" } });
  return (
    <AmountInput
      label="Amount"
      symbol="ETH"
      decimals={18}
      balance={balance}
      onMax={(amount) => setValue("amount", amount)}
      {...register("amount")}
    />
  );
}

describe("AmountInput", () => {
  it("shows the coin symbol and the wallet's balance, and Max fills in the whole balance", async () => {
    dom.render(<StakeAmount balance={64_500_000_000_000_000_000n} />);
    const container = dom.container();
    expect(container.querySelector(".ui-amount-input__symbol")?.textContent).toBe("ETH");
    expect(container.querySelector(".ui-field__aside")?.textContent).toBe("Wallet balance: 64.5 ETH");
    const max = container.querySelector<HTMLButtonElement>("button");
    expect(max?.textContent).toBe("Max");
    expect(max?.getAttribute("aria-label")).toBe("Max: 64.5 ETH");
    await act(async () => max?.click());
    expect(container.querySelector("input")?.value).toBe("64.5");
  });

  it("offers no Max while the balance is unknown", () => {
    dom.render(<StakeAmount />);
    expect(dom.container().querySelector("button")).toBeNull();
    expect(dom.container().querySelector(".ui-field__aside")).toBeNull();
    expect(dom.container().querySelector("input")?.getAttribute("inputmode")).toBe("decimal");
  });
});
