import { describe, expect, it } from "vitest";
import { addStringMembers } from "./json-text-edit.ts";

const FILE = `{
  "slug": "x",
  "screens": ["stake", "reward"],
  "environments": [
    { "id": "a", "contracts": {} },
    {
      "id": "b",
      "contracts": {
        "deposit": "0x00000000219ab540356cBB839Cbe05303d7705Fa"
      }
    },
    {
      "id": "c",
      "explorers": { "execution": { "name": "Scan", "url": "https://scan.example" } }
    }
  ]
}
`;

describe("adding addresses to a network file's text", () => {
  it("appends members after the last one, one per line, with its indentation", () => {
    const result = addStringMembers(FILE, ["environments", 1], "contracts", { ethStaking: "0xA", claim: "0xB" });
    expect(result).toBe(
      FILE.replace(
        `"deposit": "0x00000000219ab540356cBB839Cbe05303d7705Fa"\n`,
        `"deposit": "0x00000000219ab540356cBB839Cbe05303d7705Fa",\n        "ethStaking": "0xA",\n        "claim": "0xB"\n`,
      ),
    );
    expect(JSON.parse(result).environments[1].contracts).toEqual({
      deposit: "0x00000000219ab540356cBB839Cbe05303d7705Fa",
      ethStaking: "0xA",
      claim: "0xB",
    });
  });

  it("adds a missing contracts object as the environment's last member, keeping inline arrays and objects", () => {
    const result = addStringMembers(FILE, ["environments", 2], "contracts", { stakingPool: "0xC" });
    expect(result).toBe(
      FILE.replace(
        `"url": "https://scan.example" } }\n`,
        `"url": "https://scan.example" } },\n      "contracts": {\n        "stakingPool": "0xC"\n      }\n`,
      ),
    );
  });

  it("fills an empty contracts object and refuses to overwrite a member", () => {
    expect(
      JSON.parse(addStringMembers(FILE, ["environments", 0], "contracts", { claim: "0xD" })).environments[0],
    ).toEqual({
      id: "a",
      contracts: { claim: "0xD" },
    });
    expect(() => addStringMembers(FILE, ["environments", 1], "contracts", { deposit: "0xE" })).toThrow(
      "/environments/1/contracts/deposit already exists",
    );
  });
});
