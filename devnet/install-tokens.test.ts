import { readFileSync } from "node:fs";
import { erc20Abi, formatUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethereumDevnetChain } from "../src/generated/index.ts";
import { type RunningAnvil, startAnvil } from "../tests/support/anvil.ts";
import { createDevnetClient, type DevnetClient } from "./devnet-client.ts";
import { installTokens } from "./install-tokens.ts";

let anvil: RunningAnvil;
let client: DevnetClient;
let accounts: readonly `0x${string}`[];

beforeAll(async () => {
  anvil = await startAnvil();
  client = createDevnetClient(ethereumDevnetChain, anvil.rpcUrl);
  accounts = await client.getAddresses();
  await installTokens(client, accounts[9] as `0x${string}`, accounts);
}, 60_000);
afterAll(async () => {
  await anvil?.stop();
});

interface Token {
  address: `0x${string}`;
  symbol: string;
  decimals: number;
}

const devnetTokens = () => {
  const file = JSON.parse(readFileSync(new URL("../networks/ethereum.json", import.meta.url), "utf8"));
  return file.environments.find((environment: { id: string }) => environment.id === "devnet").tokens as Token[];
};

describe("devnet tokens", () => {
  it("answers, at the addresses networks/ethereum.json lists, with 6, 18 and 0 decimals", async () => {
    const onChain = await Promise.all(
      devnetTokens().map(async ({ address }) => ({
        address,
        symbol: await client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
        decimals: await client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
      })),
    );
    expect(onChain).toEqual([
      { address: "0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7", symbol: "dUSD", decimals: 6 },
      { address: "0x8F8e11450d13b827d08783fA92187eD9d67A4da1", symbol: "DVT", decimals: 18 },
      { address: "0xbb230B81bBcB73a9BCedba2889e43292F322CC2f", symbol: "SPAM", decimals: 0 },
    ]);
    expect(devnetTokens().map(({ symbol, decimals }) => ({ symbol, decimals }))).toEqual(
      onChain.map(({ symbol, decimals }) => ({ symbol, decimals })),
    );
  });

  it("gives dev account 0 balances and activity: 2374.5 dUSD, 40 DVT and 1000 unasked SPAM", async () => {
    const [usd, token, spam] = devnetTokens() as [Token, Token, Token];
    const balance = async (address: `0x${string}`, decimals: number, owner = accounts[0] as `0x${string}`) =>
      formatUnits(
        await client.readContract({ address, abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
        decimals,
      );
    expect(await balance(usd.address, 6)).toBe("2374.5");
    expect(await balance(token.address, 18)).toBe("40");
    expect(await balance(spam.address, 0)).toBe("1000");
    expect(await balance(usd.address, 6, accounts[1])).toBe("125.5");
    const transfers = await client.getContractEvents({
      abi: erc20Abi,
      eventName: "Transfer",
      args: { to: accounts[0] },
      fromBlock: 0n,
    });
    expect(transfers.map((log) => [log.address.toLowerCase(), log.args.value])).toEqual([
      [usd.address.toLowerCase(), 2_500_000_000n],
      [token.address.toLowerCase(), 40n * 10n ** 18n],
      [spam.address.toLowerCase(), 1000n],
    ]);
  });
});
