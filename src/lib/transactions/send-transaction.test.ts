// @vitest-environment jsdom
// A browser-like page (window, localStorage) so wagmi's injected connector finds the wallet as in the app.
import { type Address, encodeFunctionData, parseEther, toHex } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Config, createConfig, http } from "wagmi";
import { connect, getBalance } from "wagmi/actions";
import { injected } from "wagmi/connectors";
import { ethStakingAbi } from "../../../contracts/generated/index.ts";
import { ethStakingAddress, rewardsClaimAddress } from "../../../devnet/addresses.ts";
import { devnetSettings } from "../../../devnet/devnet-settings.ts";
import { type RunningDevnet, startDevnet } from "../../../devnet/start-devnet.ts";
import { DevnetWalletProvider } from "../../../devnet/wallet/devnet-wallet-provider.ts";
import enUS from "../../../locales/en_US.json";
import zhCN from "../../../locales/zh_CN.json";
import { AppError } from "../../core/app-error.ts";
import { contractCall } from "../../core/contract-call.ts";
import { buildClaim } from "../../families/ethereum-beacon/build-claim.ts";
import { confluxEspaceDevnetChain, ethereumDevnetChain } from "../../generated/index.ts";
import { pendingTransactions } from "./pending-transactions.ts";
import { prepareTransaction, sendPreparedTransaction, type TransactionRequest } from "./send-transaction.ts";
import {
  InsufficientFundsError,
  SimulationRevertedError,
  TransactionDroppedError,
  TransactionMaybeSentError,
  TransactionRejectedError,
  TransactionReplacedError,
  TransactionSendError,
  WrongAccountError,
  WrongChainError,
} from "./transaction-errors.ts";
import { waitForPendingTransaction } from "./wait-for-pending-transaction.ts";

// A real devnet chain and the real Devnet Wallet (EIP-1193 over anvil's dev accounts) behind wagmi's
// injected connector: exactly what a browser page uses, minus the page.
let devnet: RunningDevnet;
let provider: DevnetWalletProvider;
let config: Config;
let account: Address;
let other: Address;
const rpc = (method: string, params: unknown[] = []) =>
  fetch(devnet.ethereum.anvil.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  }).then(async (response) => ((await response.json()) as { result: unknown }).result);

const chain = { id: ethereumDevnetChain.id, name: ethereumDevnetChain.name, symbol: "ETH" };
type Context = Pick<TransactionRequest, "kind" | "chain" | "account" | "details">;
const context = (overrides: Partial<Context> = {}): Context => ({ kind: "test", chain, account, ...overrides });
/** A plain transfer: a call without a function to an account without code. */
const transfer = (value: bigint, overrides: Partial<Context> = {}): TransactionRequest => ({
  ...context(overrides),
  to: other,
  abi: [],
  input: "0x",
  value,
});
const nonceOf = async (address: Address) => Number(await rpc("eth_getTransactionCount", [address, "pending"]));

beforeAll(async () => {
  devnet = await startDevnet({ ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 });
  provider = new DevnetWalletProvider([
    { chainId: ethereumDevnetChain.id, rpcUrl: devnet.ethereum.anvil.rpcUrl },
    { chainId: confluxEspaceDevnetChain.id, rpcUrl: devnet.conflux.anvil.rpcUrl },
  ]);
  config = createConfig({
    chains: [ethereumDevnetChain, confluxEspaceDevnetChain],
    transports: {
      [ethereumDevnetChain.id]: http(devnet.ethereum.anvil.rpcUrl),
      [confluxEspaceDevnetChain.id]: http(devnet.conflux.anvil.rpcUrl),
    },
    connectors: [injected({ target: () => ({ id: "devnet", name: "Devnet Wallet", provider: provider as never }) })],
    multiInjectedProviderDiscovery: false,
    storage: null,
  });
  const [connector] = config.connectors;
  if (!connector) throw new Error("no connector");
  const connection = await connect(config, { connector, chainId: ethereumDevnetChain.id });
  [account] = connection.accounts as unknown as [Address];
  other = devnet.ethereum.accounts[5] as Address;
});
afterAll(async () => {
  await devnet?.stop();
});
beforeEach(() => {
  localStorage.clear();
  pendingTransactions.reload();
  provider.setRejectRequests(false);
  provider.setFailAfterBroadcast(false);
});

describe("the send path every transaction screen uses", () => {
  it("prepares (simulation, gas, fee, total), sends once, stores it as pending and follows it to confirmed", async () => {
    const before = (await getBalance(config, { address: other })).value;
    const prepared = await prepareTransaction(config, transfer(parseEther("1.5"), { details: { note: "x" } }));
    expect(prepared.gas).toBeGreaterThanOrEqual(21_000n);
    expect(prepared.networkFee).toBe(prepared.gas * prepared.maxFeePerGas);
    expect(prepared.total).toBe(parseEther("1.5") + prepared.networkFee);
    const pending = await sendPreparedTransaction(config, prepared);
    expect(pendingTransactions.get(pending.hash)).toMatchObject({
      status: "broadcast",
      kind: "test",
      details: { note: "x" },
    });
    const done = await waitForPendingTransaction(config, pending);
    expect(done.status).toBe("confirmed");
    expect(JSON.parse(localStorage.getItem("pendingTransactions") ?? "[]")).toEqual([
      expect.objectContaining({ hash: pending.hash, status: "confirmed" }),
    ]);
    expect(pendingTransactions.get(pending.hash)?.status).toBe("confirmed");
    expect((await getBalance(config, { address: other })).value - before).toBe(parseEther("1.5"));
  });

  it("sends one transaction when asked twice while the first is being signed (double click)", async () => {
    const nonce = await nonceOf(account);
    const prepared = await prepareTransaction(config, transfer(1n));
    const [first, second] = await Promise.all([
      sendPreparedTransaction(config, prepared),
      sendPreparedTransaction(config, prepared),
    ]);
    expect(second.hash).toBe(first.hash);
    expect(await nonceOf(account)).toBe(nonce + 1);
  });

  it("refuses a transaction for another chain than the wallet's, before anything is signed", async () => {
    const nonce = await nonceOf(account);
    const request = transfer(1n, {
      chain: { id: confluxEspaceDevnetChain.id, name: "Conflux eSpace Devnet", symbol: "CFX" },
    });
    await expect(prepareTransaction(config, request)).rejects.toBeInstanceOf(WrongChainError);
    expect(await nonceOf(account)).toBe(nonce);
  });

  it("refuses when the connected account is not the one the transaction was built for", async () => {
    await expect(prepareTransaction(config, transfer(1n, { account: other }))).rejects.toBeInstanceOf(
      WrongAccountError,
    );
  });

  it("shows a revert with the contract's own error, decoded, and never asks the wallet", async () => {
    const claimer = devnet.ethereum.accounts[0] as Address;
    // The devnet seeds no rewards and dev account 0 never staked: it has nothing to claim, so claim() reverts.
    const claim: TransactionRequest = { ...context({ account: claimer }), ...buildClaim(rewardsClaimAddress) };
    const nonce = await nonceOf(claimer);
    const error = await prepareTransaction(config, claim).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SimulationRevertedError);
    expect((error as SimulationRevertedError).reason).toBe("NothingToClaim()");
    expect((error as SimulationRevertedError).shortMessage).toBe("transactions.errors.reverted");
    expect(await nonceOf(claimer)).toBe(nonce);
  });

  it("tells a paused contract's refusal in words, in both languages, and never asks the wallet", async () => {
    const owner = async (functionName: "pauseStaking" | "unpauseStaking") =>
      rpc("eth_sendTransaction", [
        {
          from: devnet.provider,
          to: ethStakingAddress,
          data: encodeFunctionData({ abi: ethStakingAbi, functionName }),
        },
      ]);
    await owner("pauseStaking");
    try {
      const stake: TransactionRequest = {
        ...context(),
        ...contractCall({
          to: ethStakingAddress,
          abi: ethStakingAbi,
          functionName: "stake",
          args: [[], `0x01${"00".repeat(11)}${account.slice(2)}`, [], []],
        }),
      };
      const nonce = await nonceOf(account);
      const error = await prepareTransaction(config, stake).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SimulationRevertedError);
      expect((error as SimulationRevertedError).errorName).toBe("StakingIsPaused");
      expect((error as SimulationRevertedError).shortMessage).toBe("transactions.reverts.StakingIsPaused");
      expect(enUS.transactions.reverts.StakingIsPaused).toBe(
        "Staking is paused on this contract for now, so this transaction would fail. Your wallet was not asked to sign it and your funds have not moved; try again later.",
      );
      expect(zhCN.transactions.reverts.StakingIsPaused).toMatch(/暂停/);
      expect(await nonceOf(account)).toBe(nonce);
    } finally {
      await owner("unpauseStaking");
    }
  });

  it("reports a balance that cannot cover value plus the network fee", async () => {
    const balance = (await getBalance(config, { address: account })).value;
    await expect(prepareTransaction(config, transfer(balance))).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  it("maps a rejection in the wallet (4001) to TransactionRejectedError and stores nothing", async () => {
    const prepared = await prepareTransaction(config, transfer(1n));
    provider.setRejectRequests(true);
    await expect(sendPreparedTransaction(config, prepared)).rejects.toBeInstanceOf(TransactionRejectedError);
    expect(pendingTransactions.all()).toEqual([]);
  });

  it("runs the screen's last check right before the wallet, and a refusal there sends nothing", async () => {
    const nonce = await nonceOf(account);
    const prepared = await prepareTransaction(config, transfer(1n));
    const refusal = new AppError("test.refusedBeforeWallet");
    const seen: string[] = [];
    const sending = sendPreparedTransaction(config, prepared, {
      beforeWallet: async (checked) => {
        seen.push(checked.to);
        throw refusal;
      },
      onSent: () => seen.push("sent"),
      onNotSent: () => seen.push("not sent"),
    });
    await expect(sending).rejects.toBe(refusal);
    expect(seen).toEqual([other]);
    expect(await nonceOf(account)).toBe(nonce);
    expect(pendingTransactions.all()).toEqual([]);
  });

  it("tells the screen the hash as soon as the wallet answers it, already stored as pending", async () => {
    const prepared = await prepareTransaction(config, transfer(4n));
    let told: string | undefined;
    const pending = await sendPreparedTransaction(config, prepared, {
      onSent: (entry) => {
        told = pendingTransactions.get(entry.hash)?.status;
      },
    });
    expect(told).toBe("broadcast");
    await waitForPendingTransaction(config, pending);
  });

  it("reports a wallet error after the transaction went out as possibly sent, not as a failure to retry", async () => {
    const nonce = await nonceOf(account);
    const prepared = await prepareTransaction(config, transfer(5n));
    provider.setFailAfterBroadcast(true);
    const told: unknown[] = [];
    const error = await sendPreparedTransaction(config, prepared, { onNotSent: (notSent) => told.push(notSent) }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TransactionMaybeSentError);
    expect(told).toEqual([error]);
    expect(await nonceOf(account)).toBe(nonce + 1);
  });

  it("reports a wallet error with the account's nonce unchanged as not sent, so a retry is safe", async () => {
    const nonce = await nonceOf(account);
    // A gas limit below the 21,000 every transfer needs: the node refuses it, nothing goes out.
    const prepared = { ...(await prepareTransaction(config, transfer(6n))), gas: 1_000n };
    const error = await sendPreparedTransaction(config, prepared).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransactionSendError);
    expect(error).not.toBeInstanceOf(TransactionMaybeSentError);
    expect(await nonceOf(account)).toBe(nonce);
  });

  it("reports a transaction that was dropped from the mempool with its nonce unused", async () => {
    await rpc("evm_setAutomine", [false]);
    try {
      const pending = await sendPreparedTransaction(config, await prepareTransaction(config, transfer(2n)));
      await rpc("anvil_dropTransaction", [pending.hash]);
      await expect(waitForPendingTransaction(config, pending, { timeoutMs: 1_500 })).rejects.toBeInstanceOf(
        TransactionDroppedError,
      );
      expect(pendingTransactions.get(pending.hash)?.status).toBe("dropped");
    } finally {
      await rpc("evm_setAutomine", [true]);
    }
  });

  it("reports a transaction replaced by another one with the same nonce", async () => {
    await rpc("evm_setAutomine", [false]);
    try {
      const pending = await sendPreparedTransaction(config, await prepareTransaction(config, transfer(3n)));
      const nonce = Number(pending.details.nonce);
      const waiting = waitForPendingTransaction(config, pending, { timeoutMs: 20_000, pollMs: 100 });
      // The user replaces it in the wallet: same nonce, another destination, a higher fee.
      await rpc("anvil_dropTransaction", [pending.hash]);
      await rpc("eth_sendTransaction", [
        { from: account, to: devnet.ethereum.accounts[6], value: toHex(7n), nonce: toHex(nonce), gas: toHex(21_000n) },
      ]);
      await rpc("evm_mine");
      await expect(waiting).rejects.toBeInstanceOf(TransactionReplacedError);
      expect(pendingTransactions.get(pending.hash)?.status).toBe("replaced");
    } finally {
      await rpc("evm_setAutomine", [true]);
    }
  });
});
