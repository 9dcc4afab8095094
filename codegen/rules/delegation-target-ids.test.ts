import { bech32 } from "@scure/base";
import { describe, expect, it } from "vitest";
import { delegationTargetIdProblem } from "./delegation-target-ids.ts";

// Vectors from each format's own publications, not from this code: a node id from Avalanche's bootstrap list,
// CIP-37's test cases (final alphabet), Substrate's well-known "Alice" account, a bech32 operator address.
describe("delegation target ids", () => {
  it("accepts an Avalanche node id and refuses one with a changed character", () => {
    expect(delegationTargetIdProblem("node", "NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg")).toBeUndefined();
    expect(delegationTargetIdProblem("node", "NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lh")).toBe(
      "its checksum does not match (a character is wrong)",
    );
    expect(delegationTargetIdProblem("node", "7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg")).toBe(
      'it does not start with "NodeID-"',
    );
    expect(delegationTargetIdProblem("node", "NodeID-7Xhw2mDxuDS44j42TCB6U")).toMatch(
      /^it holds \d+ bytes where a node id holds 24/,
    );
  });

  it("accepts a Conflux core contract address (CIP-37) on mainnet and testnet, and refuses user accounts and typos", () => {
    expect(delegationTargetIdProblem("pool", "cfx:acc7uawf5ubtnmezvhu9dhc6sghea0403y2dgpyfjp")).toBeUndefined();
    expect(delegationTargetIdProblem("pool", "cfxtest:acc7uawf5ubtnmezvhu9dhc6sghea0403ywjz6wtpg")).toBeUndefined();
    expect(
      delegationTargetIdProblem("pool", "CFX:TYPE=CONTRACT:ACC7UAWF5UBTNMEZVHU9DHC6SGHEA0403Y2DGPYFJP"),
    ).toBeUndefined();
    expect(delegationTargetIdProblem("pool", "cfx:acc7uawf5ubtnmezvhu9dhc6sghea0403y2dgpyfjn")).toBe(
      "its checksum does not match (a character is wrong)",
    );
    // 0x1a2f… is a user account (0x1…), not a pool contract
    expect(delegationTargetIdProblem("pool", "cfx:aarc9abycue0hhzgyrr53m6cxedgccrmmyybjgh4xg")).toMatch(
      /not a contract address/,
    );
    // a mainnet address under the testnet prefix fails its checksum
    expect(delegationTargetIdProblem("pool", "cfxtest:acc7uawf5ubtnmezvhu9dhc6sghea0403y2dgpyfjp")).toMatch(/checksum/);
    expect(delegationTargetIdProblem("pool", "cfx:Acc7uawf5ubtnmezvhu9dhc6sghea0403y2dgpyfjp")).toBe(
      "it mixes upper and lower case",
    );
    expect(delegationTargetIdProblem("pool", "net1:acc7uawf5ubtnmezvhu9dhc6sghea0403y2dgpyfjp")).toMatch(
      /network prefix/,
    );
  });

  it("accepts an SS58 account and refuses a changed character", () => {
    expect(delegationTargetIdProblem("collator", "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY")).toBeUndefined();
    expect(delegationTargetIdProblem("collator", "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQZ")).toBe(
      "its checksum does not match (a character is wrong)",
    );
    expect(delegationTargetIdProblem("collator", "0x1a2f80341409639ea6a35bbcab8299066109aa55")).toBe(
      "it is not base58",
    );
  });

  it("accepts a bech32 operator address or a validator number", () => {
    const operator = bech32.encode("cosmosvaloper", bech32.toWords(new Uint8Array(20).fill(7)));
    expect(delegationTargetIdProblem("validator", operator)).toBeUndefined();
    expect(delegationTargetIdProblem("validator", "15")).toBeUndefined();
    expect(
      delegationTargetIdProblem("validator", `${operator.slice(0, -1)}${operator.endsWith("q") ? "p" : "q"}`),
    ).toBe("its bech32 checksum does not match (a character is wrong)");
    const account = bech32.encode("cosmos", bech32.toWords(new Uint8Array(20).fill(7)));
    expect(delegationTargetIdProblem("validator", account)).toBe(
      "it is neither a validator number nor a bech32 operator address",
    );
  });
});
