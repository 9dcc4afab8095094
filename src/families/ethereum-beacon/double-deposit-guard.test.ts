import type { FastifyInstance } from "fastify";
import { type Address, type Hex, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethStakingAddress } from "../../../devnet/addresses.ts";
import { buildServer } from "../../../server/app.ts";
import { parseEnv } from "../../../server/config/env.ts";
import { openStorage, type Storage } from "../../../server/storage/database.ts";
import { depositedKeys, pendingDeposits } from "../../../server/storage/schema.ts";
import { contractCall } from "../../core/contract-call.ts";
import type { PendingTransaction } from "../../lib/transactions/pending-transactions.ts";
import type { PreparedTransaction } from "../../lib/transactions/send-transaction.ts";
import {
  TransactionMaybeSentError,
  TransactionRejectedError,
  TransactionSendError,
} from "../../lib/transactions/transaction-errors.ts";
import { type DoubleDepositGuardDependencies, doubleDepositGuard } from "./double-deposit-guard.ts";
import { fetchKnownDeposits } from "./fetch-known-deposits.ts";
import { createSentStakeStore, SENT_STAKES_KEY, type SentStakeStore } from "./sent-stakes.ts";
import { ethStakingAbi } from "./stake-call.ts";
import { DuplicateDepositError } from "./stake-errors.ts";

const OWNER: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const DEVNET = { network: "ethereum", environment: "devnet" } as const;
const key = (byte: string) => byte.repeat(48);
const CONFIRMED_ON_SERVER = key("a1");
const PENDING_ON_SERVER = key("a2");
const PENDING_TX: Hex = `0x${"34".repeat(32)}`;
const SENT_TX: Hex = `0x${"56".repeat(32)}`;

// The real staking server (PGlite in memory) answers GET /deposits/known over HTTP on a free port.
let storage: Storage;
let server: FastifyInstance;
let apiBase: string;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  server = await buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "testnet,devnet" }), storage, {
    logger: false,
  });
  apiBase = (await server.listen({ host: "127.0.0.1", port: 0 })).replace("localhost", "127.0.0.1");
  // A key's first deposit, whoever made it, as the indexer records it (the server's "known" answer).
  await storage.db
    .insert(depositedKeys)
    .values({ ...DEVNET, pubkey: CONFIRMED_ON_SERVER, txHash: `0x${"12".repeat(32)}`, blockNumber: 8n });
  await storage.db
    .insert(pendingDeposits)
    .values({ ...DEVNET, pubkey: PENDING_ON_SERVER, txHash: PENDING_TX, logIndex: 0, blockNumber: 9n });
});
afterAll(async () => {
  await server?.close();
  await storage?.close();
});

/** One browser's local storage, shared by its tabs. */
const browserStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    items,
  };
};

function guardOver(store: SentStakeStore, scope: { network: string; environment: string } = DEVNET) {
  const asked: string[][] = [];
  const dependencies: DoubleDepositGuardDependencies = {
    store,
    askServer: (where, pubkeys) => {
      asked.push([...pubkeys]);
      return fetchKnownDeposits({ ...where, pubkeys, apiBase });
    },
  };
  return { hooks: doubleDepositGuard(dependencies, scope), asked };
}

/** The send path's prepared stake() of the batch staking contract for these validator keys. */
const stakeOf = (...pubkeys: string[]): PreparedTransaction => ({
  kind: "stake",
  chain: { id: 31337, name: "Ethereum Devnet", symbol: "ETH" },
  account: OWNER,
  ...contractCall({
    to: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "stake",
    args: [
      pubkeys.map((pubkey): Hex => `0x${pubkey}`),
      `0x01${"00".repeat(11)}${OWNER.slice(2).toLowerCase()}`,
      pubkeys.map((): Hex => `0x${"00".repeat(96)}`),
      pubkeys.map((): Hex => `0x${"00".repeat(32)}`),
    ],
  }),
  value: BigInt(pubkeys.length) * parseEther("32"),
  gas: 500_000n,
  maxFeePerGas: 1n,
  networkFee: 500_000n,
  total: BigInt(pubkeys.length) * parseEther("32") + 500_000n,
});

/** One send of a stake of `pubkeys` through `guard`: `check` is what the send path runs right before the wallet. */
function attempt(guard: ReturnType<typeof guardOver>, ...pubkeys: string[]) {
  const prepared = stakeOf(...pubkeys);
  const hooks = guard.hooks(prepared);
  const { beforeWallet } = hooks;
  if (!beforeWallet) throw new Error("the guard checks nothing before the wallet");
  return { ...hooks, check: () => beforeWallet(prepared) };
}

const sentEntry = (hash: Hex): PendingTransaction => ({
  hash,
  kind: "stake",
  chainId: 31337,
  from: OWNER.toLowerCase(),
  value: "0",
  status: "broadcast",
  sentAt: 0,
  details: {},
});

async function refusal(run: Promise<unknown>): Promise<DuplicateDepositError> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DuplicateDepositError);
  return error as DuplicateDepositError;
}

describe("the stake's double-deposit guard, right before the wallet is asked", () => {
  it("refuses validators this browser already sent, naming the transaction, even from a reloaded page", async () => {
    const storage = browserStorage();
    const first = attempt(guardOver(createSentStakeStore(storage)), key("b1"), key("b2"));
    await first.check();
    first.onSent?.(sentEntry(SENT_TX));

    // A page loaded later (or another tab) reads the same storage: one of the two keys is enough to refuse.
    const reloaded = guardOver(createSentStakeStore(storage));
    const error = await refusal(attempt(reloaded, key("b2"), key("b3")).check());
    expect(error).toMatchObject({ reason: "broadcast", txHash: SENT_TX, shortMessage: "ethStake.duplicate.broadcast" });
    expect(reloaded.asked).toEqual([]);
    expect(JSON.parse(storage.items.get(SENT_STAKES_KEY) ?? "[]")).toEqual([
      expect.objectContaining({
        ...DEVNET,
        from: OWNER.toLowerCase(),
        pubkeys: [key("b1"), key("b2")],
        status: "broadcast",
        txHash: SENT_TX,
      }),
    ]);
  });

  it("asks the staking server again and refuses keys it knows, pending in a new block or confirmed", async () => {
    const guard = guardOver(createSentStakeStore(browserStorage()));
    const pending = await refusal(attempt(guard, key("c1"), PENDING_ON_SERVER).check());
    expect(pending).toMatchObject({ reason: "knownPending", txHash: PENDING_TX });
    const confirmed = await refusal(attempt(guard, CONFIRMED_ON_SERVER, PENDING_ON_SERVER).check());
    expect(confirmed).toMatchObject({ reason: "known", txHash: `0x${"12".repeat(32)}` });
    expect(guard.asked).toEqual([
      [key("c1"), PENDING_ON_SERVER],
      [CONFIRMED_ON_SERVER, PENDING_ON_SERVER],
    ]);
  });

  it("lets one of two tabs confirming the same validators at once through, and refuses the other", async () => {
    const storage = browserStorage();
    const tabA = attempt(guardOver(createSentStakeStore(storage)), key("d1"));
    const tabB = attempt(guardOver(createSentStakeStore(storage)), key("d1"));
    const outcomes = await Promise.allSettled([tabA.check(), tabB.check()]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ reason: "signing", txHash: undefined });
  });

  it("frees validators whose send provably did not happen, and holds them after a wallet error that may have sent them", async () => {
    const guard = guardOver(createSentStakeStore(browserStorage()));
    const declined = attempt(guard, key("e1"));
    await declined.check();
    declined.onNotSent?.(new TransactionRejectedError());
    const refusedByNode = attempt(guard, key("e1"));
    await refusedByNode.check();
    refusedByNode.onNotSent?.(new TransactionSendError(new Error("intrinsic gas too low")));

    const maybeSent = attempt(guard, key("e1"));
    await maybeSent.check();
    maybeSent.onNotSent?.(new TransactionMaybeSentError(new Error("Internal JSON-RPC error.")));
    const retry = await refusal(attempt(guard, key("e1")).check());
    expect(retry).toMatchObject({ reason: "possiblySent", shortMessage: "ethStake.duplicate.possiblySent" });
  });

  it("keeps each network environment's record apart", async () => {
    const storage = browserStorage();
    const devnet = attempt(guardOver(createSentStakeStore(storage)), key("f1"));
    await devnet.check();
    devnet.onSent?.(sentEntry(SENT_TX));
    const hoodi = guardOver(createSentStakeStore(storage), { network: "ethereum", environment: "hoodi" });
    await expect(attempt(hoodi, key("f1")).check()).resolves.toBeUndefined();
    expect(hoodi.asked).toEqual([[key("f1")]]);
  });
});

describe("this browser's record of sent stakes, across tabs", () => {
  it("tells another tab at once when a tab's wallet answers with a hash", async () => {
    const storage = browserStorage();
    const channelName = `sent-stakes-${crypto.randomUUID()}`;
    const tabA = createSentStakeStore(storage, { channelName });
    const tabB = createSentStakeStore(storage, { channelName });
    const told = new Promise<void>((resolve) => {
      tabB.subscribe(() => {
        if (tabB.getState().some((record) => record.status === "broadcast")) resolve();
      });
    });
    const sending = attempt(guardOver(tabA), key("c7"));
    await sending.check();
    sending.onSent?.(sentEntry(SENT_TX));
    await told;
    expect(tabB.getState()).toEqual([
      expect.objectContaining({ pubkeys: [key("c7")], status: "broadcast", txHash: SENT_TX }),
    ]);
  });
});
