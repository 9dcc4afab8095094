import { afterEach, describe, expect, it } from "vitest";
import { FrameRequestError } from "../frame-request-error.ts";
import { setLanguage } from "../ui/texts.ts";
import { typedDataRows } from "./describe-typed-data.ts";
import { checkTypedData } from "./typed-data.ts";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const CONTRACT = "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC";
const DOMAIN_TYPE = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
];
/** EIP-712's own example (Mail from Person to Person), on the Ethereum devnet. */
const mail = {
  types: {
    EIP712Domain: DOMAIN_TYPE,
    Person: [
      { name: "name", type: "string" },
      { name: "wallet", type: "address" },
    ],
    Mail: [
      { name: "from", type: "Person" },
      { name: "to", type: "Person" },
      { name: "contents", type: "string" },
    ],
  },
  primaryType: "Mail",
  domain: { name: "Ether Mail", version: "1", chainId: 31337, verifyingContract: CONTRACT },
  message: {
    from: { name: "Cow", wallet: "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" },
    to: { name: "Bob", wallet: "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB" },
    contents: "Hello, Bob!",
  },
};

/** The error the frame refuses `data` with (checking it, then building its rows), as it answers it. */
function refusal(data: unknown, chainId = 31_337) {
  try {
    typedDataRows(ACCOUNT, checkTypedData(data, chainId));
  } catch (error) {
    if (error instanceof FrameRequestError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("the typed data was accepted");
}

afterEach(() => setLanguage("en_US"));

describe("the frame's typed data approval (eth_signTypedData_v4)", () => {
  it("shows the domain members of EIP712Domain and the message's members as hashed, nested structs indented", () => {
    expect(typedDataRows(ACCOUNT, checkTypedData(JSON.stringify(mail), 31_337))).toEqual([
      ["Account", ACCOUNT],
      ["Requested by", '"Ether Mail"'],
      ["Version", '"1"'],
      ["Network", "Ethereum Devnet"],
      ["Verifying contract", "0xCcCC cccc CCCC cCCC CCCc CcCc cCcC CCcC cccc cccC"],
      ["Data type", "Mail"],
      [
        "Message",
        [
          "from (Person):",
          '  name (string): "Cow"',
          "  wallet (address): 0xCD2a 3d9F 938E 13CD 947E c05A bC7F E734 Df8D D826",
          "to (Person):",
          '  name (string): "Bob"',
          "  wallet (address): 0xbBbB BBBb bBBB bbbB bbBb bbbB BbBb bbbB bBbb BBbB",
          'contents (string): "Hello, Bob!"',
        ].join("\n"),
      ],
    ]);
  });

  it("refuses a domain member that the EIP712Domain type leaves out (shown, not signed) with -32602", () => {
    const types = { ...mail.types, EIP712Domain: DOMAIN_TYPE.filter((field) => field.name !== "verifyingContract") };
    expect(refusal({ ...mail, types })).toEqual({
      code: -32602,
      message: 'The domain\'s "verifyingContract" is not in the EIP712Domain type, so it would be shown but not signed',
    });
    setLanguage("zh_CN");
    expect(refusal({ ...mail, types }).message).toBe(
      "domain 中的“verifyingContract”不在 EIP712Domain 类型中，它会被显示却不会被签名",
    );
  });

  it("refuses a type member without a domain value, a domain for another chain, and a missing message value", () => {
    const { version: _, ...noVersion } = mail.domain;
    expect(refusal({ ...mail, domain: noVersion })).toEqual({
      code: -32602,
      message: 'The EIP712Domain type lists "version" but the domain has no value for it',
    });
    expect(refusal({ ...mail, domain: { ...mail.domain, chainId: 1 } }).message).toBe(
      "The typed data is for chain 1, but the wallet is on chain 31337",
    );
    const { contents: __, ...noContents } = mail.message;
    expect(refusal({ ...mail, message: noContents }).message).toBe(
      "The typed data has no value for message.contents (string)",
    );
    expect(refusal("{not json").message).toBe("The typed data is not valid JSON");
  });

  it("without an EIP712Domain type, signs (and shows) the domain's EIP-712 members and refuses any other", () => {
    const { EIP712Domain: _, ...types } = mail.types;
    const checked = checkTypedData({ ...mail, types }, 31_337);
    expect(checked.types.EIP712Domain).toEqual(DOMAIN_TYPE);
    expect(refusal({ ...mail, types, domain: { ...mail.domain, app: "x" } }).message).toBe(
      'The domain\'s "app" is not an EIP-712 domain field, and the request has no EIP712Domain type that lists it',
    );
  });

  it("shows arrays item by item, quotes strings so a line break cannot fake a row, and leaves out unsigned members", () => {
    const order = {
      types: {
        EIP712Domain: [{ name: "name", type: "string" }],
        Item: [{ name: "amount", type: "uint256" }],
        Order: [
          { name: "items", type: "Item[]" },
          { name: "ids", type: "uint8[]" },
          { name: "note", type: "string" },
          { name: "ok", type: "bool" },
          { name: "tag", type: "bytes4" },
        ],
      },
      primaryType: "Order",
      domain: { name: "Shop\u202e" },
      message: {
        items: [{ amount: "1000000000000000000000" }, { amount: 2 }],
        ids: [7],
        note: "Pay 1\namount (uint256): 0",
        ok: true,
        tag: "0x01020304",
        unsigned: "not hashed",
      },
    };
    const rows = typedDataRows(ACCOUNT, checkTypedData(order, 31_337));
    expect(rows[1]).toEqual(["Requested by", '"Shop\\u202e"']);
    expect(rows.at(-1)).toEqual([
      "Message",
      [
        "items (Item[]):",
        "  [0] (Item):",
        "    amount (uint256): 1000000000000000000000",
        "  [1] (Item):",
        "    amount (uint256): 2",
        "ids (uint8[]):",
        "  [0]: 7",
        'note (string): "Pay 1\\namount (uint256): 0"',
        "ok (bool): true",
        "tag (bytes4): 0x01020304",
      ].join("\n"),
    ]);
  });
});
