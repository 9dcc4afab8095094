import { describe, expect, it } from "vitest";
import type { TokenBalance } from "../../core/api/blockchain-api.ts";
import { checkSendDraft } from "./send-form.ts";

const dUSD: TokenBalance = {
  name: "Devnet USD",
  symbol: "dUSD",
  chainId: "eip155:31337",
  address: "eip155:31337:0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7",
  value: 0,
  price: 0,
  quantity: { decimals: "6", numeric: "1000" },
  iconUrl: "",
};
const ETH: TokenBalance = { ...dUSD, name: "Ether", symbol: "ETH", quantity: { decimals: "18", numeric: "2" } };
delete (ETH as { address?: string }).address;
const RECEIVER = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";

describe("send form (spec section 5)", () => {
  it("needs an amount and a receiver address", () => {
    expect(() => checkSendDraft({ token: dUSD, amount: "", receiver: RECEIVER }, "eip155")).toThrow(
      "An amount and receiver address are required",
    );
    expect(() => checkSendDraft({ token: dUSD, amount: "10", receiver: " " }, "eip155")).toThrow(
      "An amount and receiver address are required",
    );
  });

  it("needs a token", () => {
    expect(() => checkSendDraft({ token: undefined, amount: "10", receiver: RECEIVER }, "eip155")).toThrow(
      "A token is required",
    );
  });

  it("refuses a chain sending does not support", () => {
    expect(() => checkSendDraft({ token: dUSD, amount: "10", receiver: RECEIVER }, "polkadot")).toThrow(
      "Unsupported chain",
    );
  });

  it("takes EVM addresses by the address rule: all-lowercase, all-uppercase, or the EIP-55 checksum", () => {
    const upper = `0x${RECEIVER.slice(2).toUpperCase()}`;
    for (const receiver of [RECEIVER, upper, "3c44cdddb6a900fa2b585dd299e03d12fa4293bc"]) {
      expect(checkSendDraft({ token: dUSD, amount: "10", receiver }, "eip155").to).toBe(
        "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      );
    }
    for (const receiver of ["0x3C44CDDDb6a900fa2b585dd299e03d12fa4293bc", "0x3c44", "alice.eth"]) {
      expect(() => checkSendDraft({ token: dUSD, amount: "10", receiver }, "eip155")).toThrow(
        "Invalid receiver address",
      );
    }
  });

  it("turns the amount into base units of the token, 1.5 ETH and 10 dUSD", () => {
    expect(checkSendDraft({ token: ETH, amount: "1.5", receiver: RECEIVER }, "eip155")).toMatchObject({
      value: 1_500_000_000_000_000_000n,
      tokenAddress: undefined,
    });
    expect(checkSendDraft({ token: dUSD, amount: "10", receiver: RECEIVER }, "eip155")).toMatchObject({
      value: 10_000_000n,
      tokenAddress: "0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7",
    });
  });

  it("refuses amounts that are not numbers, have too many decimals, are zero or exceed the balance", () => {
    const check = (amount: string) => () => checkSendDraft({ token: dUSD, amount, receiver: RECEIVER }, "eip155");
    expect(check("ten")).toThrow("Invalid amount: ten");
    expect(check("1.0000001")).toThrow("Invalid amount: 1.0000001");
    expect(check("0")).toThrow("The amount must be above zero");
    expect(check("1000.000001")).toThrow("Insufficient dUSD balance");
    expect(check("1000")().value).toBe(1_000_000_000n);
  });

  it("refuses a token whose address is not a CAIP-10 EVM address", () => {
    for (const address of [
      "0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7",
      "tron:1:0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7",
      "eip155:31337:0x12",
    ]) {
      expect(() => checkSendDraft({ token: { ...dUSD, address }, amount: "10", receiver: RECEIVER }, "eip155")).toThrow(
        `Invalid token address: ${address}`,
      );
    }
  });
});
