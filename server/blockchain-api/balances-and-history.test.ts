import type { FastifyInstance } from "fastify";
import { type Address, erc20Abi, parseEther, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethereumDevnetChain } from "../../src/generated/index.ts";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { createDevnetClient, type DevnetClient, installTokens } from "../../tests/support/devnet.ts";
import { freePort } from "../../tests/support/free-port.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/** The kit's balance and activity calls against the real server, a real anvil chain and the devnet tokens. */
let anvil: RunningAnvil;
let app: FastifyInstance;
let storage: Storage;
let devnet: DevnetClient;
let accounts: readonly Address[];
const DUSD = "0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7";
const CLIENT = "projectId=test-project&st=appkit&sv=html-wagmi-1.7.3";

beforeAll(async () => {
  anvil = await startAnvil();
  devnet = createDevnetClient(ethereumDevnetChain, anvil.rpcUrl);
  accounts = await devnet.getAddresses();
  await installTokens(devnet, accounts[9] as Address, accounts);
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      // Testnets too: Hoodi has no explorer API configured, so its activity is not served.
      SERVE_KINDS: "testnet,devnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: anvil.rpcUrl,
      RPC_UPSTREAMS_CONFLUX_ESPACE_DEVNET: `http://127.0.0.1:${await freePort()}`,
      RPC_TIMEOUT_MS: "2000",
    }),
    storage,
    { logger: false },
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  await storage?.close();
  await anvil?.stop();
});

const get = (path: string) => app.inject({ method: "GET", url: `/blockchain-api/${path}` });
const account = (index: number) => accounts[index] as Address;
const send = async (from: Address, request: { to: Address; value?: bigint; data?: `0x${string}` }) =>
  devnet.waitForTransactionReceipt({ hash: await devnet.sendTransaction({ account: from, chain: null, ...request }) });

describe("blockchain API: chains, balances and activity", () => {
  it("lists the served chains", async () => {
    const response = await get(`v1/supported-chains?${CLIENT}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ http: ["eip155:560048", "eip155:31337", "eip155:71", "eip155:31338"], ws: [] });
  });

  it("answers native and token balances in the kit's shape, without tokens the account holds none of", async () => {
    const response = await get(`v1/account/${account(1)}/balance?${CLIENT}&currency=usd&chainId=eip155:31337`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      balances: [
        {
          name: "Ether",
          symbol: "ETH",
          chainId: "eip155:31337",
          value: 0,
          price: 0,
          quantity: { decimals: "18", numeric: "10000" },
          iconUrl: "",
        },
        {
          name: "Devnet USD",
          symbol: "dUSD",
          chainId: "eip155:31337",
          address: `eip155:31337:${DUSD}`,
          value: 0,
          price: 0,
          quantity: { decimals: "6", numeric: "125.5" },
          iconUrl: "",
        },
      ],
    });
    const holder = (await get(`v1/account/${account(0).toLowerCase()}/balance?${CLIENT}&chainId=eip155:31337`)).json();
    expect(
      holder.balances.map((entry: { symbol: string; quantity: object }) => [entry.symbol, entry.quantity]),
    ).toEqual([
      ["ETH", expect.objectContaining({ decimals: "18" })],
      ["dUSD", { decimals: "6", numeric: "2374.5" }],
      ["DVT", { decimals: "18", numeric: "40" }],
      ["SPAM", { decimals: "0", numeric: "1000" }],
    ]);
  });

  it("reuses a balance for 30 s unless forceUpdate names the token that changed", async () => {
    const path = `v1/account/${account(1)}/balance?${CLIENT}&chainId=eip155:31337`;
    const usd = (body: { balances: { symbol: string; quantity: { numeric: string } }[] }) =>
      body.balances.find((entry) => entry.symbol === "dUSD")?.quantity.numeric;
    expect(usd((await get(path)).json())).toBe("125.5");
    await devnet.writeContract({
      account: account(1),
      chain: null,
      address: DUSD,
      abi: erc20Abi,
      functionName: "transfer",
      args: [account(2), parseUnits("10", 6)],
    });
    expect(usd((await get(path)).json())).toBe("125.5");
    expect(usd((await get(`${path}&forceUpdate=eip155:31337:${DUSD}`)).json())).toBe("115.5");
  });

  it("lists activity newest first, the spam token's transfer flagged, a native send included", async () => {
    await send(account(0), { to: account(1), value: parseEther("1.5") });
    const response = await get(`v1/account/${account(0)}/history?${CLIENT}&chainId=eip155:31337`);
    expect(response.statusCode).toBe(200);
    const { data, next } = response.json();
    expect(next).toBeNull();
    const summary = data.map(
      (tx: { metadata: { operationType: string; chain: string; status: string }; transfers: object[] }) => [
        tx.metadata.operationType,
        tx.metadata.chain,
        tx.metadata.status,
        tx.transfers,
      ],
    );
    const transfer = (
      symbol: string,
      name: string,
      direction: string,
      [sender, recipient]: readonly [Address, Address],
      numeric: string,
      spam = false,
    ) => ({
      fungible_info: { name, symbol, icon: { url: "" } },
      ...(spam ? { nft_info: { flags: { is_spam: true } } } : {}),
      direction,
      sender,
      recipient,
      quantity: { numeric },
      value: 0,
      price: 0,
    });
    // The parties of each transfer: for a token, its Transfer event's from and to, never the token contract.
    const [holder, friend, spammer, provider] = [account(0), account(1), account(8), account(9)];
    expect(summary).toEqual([
      ["send", "eip155:31337", "confirmed", [transfer("ETH", "Ether", "out", [holder, friend], "1.5")]],
      [
        "receive",
        "eip155:31337",
        "confirmed",
        [transfer("SPAM", "Claim rewards at spam.example", "in", [spammer, holder], "1000", true)],
      ],
      ["send", "eip155:31337", "confirmed", [transfer("dUSD", "Devnet USD", "out", [holder, friend], "125.5")]],
      ["receive", "eip155:31337", "confirmed", [transfer("DVT", "Devnet Token", "in", [provider, holder], "40")]],
      ["receive", "eip155:31337", "confirmed", [transfer("dUSD", "Devnet USD", "in", [provider, holder], "2500")]],
    ]);
    expect(data[0].metadata).toMatchObject({ sentFrom: account(0), sentTo: account(1) });
    // The transaction itself went to the token contract: metadata keeps that, the transfer names the recipient.
    expect(data[2].metadata).toMatchObject({ sentFrom: holder, sentTo: DUSD });
    expect(Date.parse(data[0].metadata.minedAt)).toBeGreaterThan(Date.parse("2025-01-01"));
  });

  it("pages activity 50 at a time with the cursor it hands out", async () => {
    const [from, to] = [account(3), account(4)];
    for (let nonce = 0; nonce < 51; nonce++) {
      await devnet.sendTransaction({ account: from, chain: null, to, value: BigInt(nonce + 1), nonce });
    }
    await send(from, { to, value: 52n });
    const first = (await get(`v1/account/${to}/history?${CLIENT}&chainId=eip155:31337`)).json();
    expect(first.data).toHaveLength(50);
    expect(first.data[0].transfers[0].quantity.numeric).toBe("0.000000000000000052");
    expect(first.next).toEqual(expect.any(String));
    const second = (await get(`v1/account/${to}/history?${CLIENT}&chainId=eip155:31337&cursor=${first.next}`)).json();
    expect(
      second.data.map((tx: { transfers: { quantity: { numeric: string } }[] }) => tx.transfers[0]?.quantity.numeric),
    ).toEqual(["0.000000000000000002", "0.000000000000000001"]);
    expect(second.next).toBeNull();
  });

  it("refuses bad input with 400 naming the field", async () => {
    const cases: [string, string][] = [
      [`v1/account/0x1234/balance?${CLIENT}&chainId=eip155:31337`, "address"],
      [`v1/account/${account(0)}/balance?${CLIENT}&chainId=eip155:999`, "chainId"],
      [`v1/account/${account(0)}/balance?${CLIENT}&chainId=31337`, "chainId"],
      [`v1/account/${account(0)}/balance?${CLIENT}&chainId=eip155:31337&currency=eur`, "currency"],
      [`v1/account/${account(0)}/balance?st=appkit&sv=1&chainId=eip155:31337`, "projectId"],
      [`v1/account/${account(0)}/history?${CLIENT}&chainId=eip155:31337&cursor=not-ours`, "cursor"],
      [`v1/account/${account(0)}/history?${CLIENT}`, "chainId"],
      [`v1/account/0xAbCdEf0123456789aBcDeF0123456789AbCdEf01/history?${CLIENT}&chainId=eip155:31337`, "address"],
    ];
    for (const [path, field] of cases) {
      const response = await get(path);
      expect({ path, status: response.statusCode, field: response.json().field }).toEqual({ path, status: 400, field });
      expect(response.json().message).toEqual(expect.stringContaining(field));
    }
  });

  it("answers 400 for activity of a chain with neither an explorer API nor a devnet", async () => {
    const response = await get(`v1/account/${account(0)}/history?${CLIENT}&chainId=eip155:560048`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "history_unavailable",
      message: "chainId: activity of eip155:560048 is not served (no explorer API is configured for it)",
      field: "chainId",
    });
  });

  it("answers 503 with a retry hint when the chain's node is down", async () => {
    const response = await get(`v1/account/${account(0)}/balance?${CLIENT}&chainId=eip155:31338`);
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json().code).toBe("chain_unavailable");
  });
});
