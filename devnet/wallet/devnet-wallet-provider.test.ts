import {
  type Address,
  BaseError,
  createWalletClient,
  custom,
  defineChain,
  parseEther,
  UserRejectedRequestError,
  verifyMessage,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestChain, type TestChain } from "../../contracts/test/test-chain.ts";
import { DevnetWalletProvider, ProviderRpcError } from "./devnet-wallet-provider.ts";

let ethereum: TestChain;
let conflux: TestChain;
let wallet: DevnetWalletProvider;
const events: [string, unknown][] = [];

beforeAll(async () => {
  [ethereum, conflux] = await Promise.all([startTestChain(31337), startTestChain(31338)]);
  wallet = new DevnetWalletProvider([
    { chainId: 31337, rpcUrl: ethereum.anvil.rpcUrl },
    { chainId: 31338, rpcUrl: conflux.anvil.rpcUrl },
  ]);
  for (const event of ["connect", "accountsChanged", "chainChanged"]) {
    wallet.on(event, (payload) => events.push([event, payload]));
  }
});

afterAll(async () => {
  await Promise.all([ethereum?.anvil.stop(), conflux?.anvil.stop()]);
});

const devnetChain = defineChain({
  id: 31337,
  name: "Ethereum Devnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
});
const viemWallet = () => createWalletClient({ chain: devnetChain, transport: custom(wallet) });

async function rejection(call: Promise<unknown>): Promise<ProviderRpcError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderRpcError);
  return error as ProviderRpcError;
}

describe("Devnet Wallet provider", () => {
  it("exposes no account until the app asks, then connects with the first dev account", async () => {
    expect(await wallet.request({ method: "eth_accounts" })).toEqual([]);
    const accounts = await wallet.request({ method: "eth_requestAccounts" });
    expect(accounts).toEqual([ethereum.accounts[0]?.toLowerCase()]);
    expect(events).toEqual([
      ["connect", { chainId: "0x7a69" }],
      ["accountsChanged", [ethereum.accounts[0]?.toLowerCase()]],
    ]);
  });

  it("sends a transaction through viem's custom transport, signed by anvil for the connected account", async () => {
    const client = viemWallet();
    const [account] = await client.getAddresses();
    const to = ethereum.accounts[7] as Address;
    const before = await ethereum.client.getBalance({ address: to });
    const hash = await client.sendTransaction({ account: account as Address, to, value: parseEther("1.5") });
    const receipt = await ethereum.client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(receipt.from).toBe(ethereum.accounts[0]?.toLowerCase());
    expect(await ethereum.client.getBalance({ address: to })).toBe(before + parseEther("1.5"));
  });

  it("signs messages that verify against the connected account", async () => {
    const client = viemWallet();
    const [account] = await client.getAddresses();
    const signature = await client.signMessage({ account: account as Address, message: "stake on the devnet" });
    expect(await verifyMessage({ address: account as Address, message: "stake on the devnet", signature })).toBe(true);
  });

  it("switches to another dev account and tells the app", async () => {
    const other = ethereum.accounts[3] as Address;
    await wallet.selectAccount(other);
    expect(events.at(-1)).toEqual(["accountsChanged", [other.toLowerCase()]]);
    expect(await wallet.request({ method: "eth_accounts" })).toEqual([other.toLowerCase()]);
    const hash = await viemWallet().sendTransaction({ account: other, to: other, value: 1n });
    expect((await ethereum.client.waitForTransactionReceipt({ hash })).from).toBe(other.toLowerCase());
  });

  it("refuses to sign for an account the user did not connect (4100)", async () => {
    const stranger = ethereum.accounts[5] as Address;
    const error = await rejection(
      wallet.request({ method: "eth_sendTransaction", params: [{ from: stranger, to: stranger }] }),
    );
    expect(error.code).toBe(4100);
  });

  it("simulates the user rejecting requests with 4001, which viem reports as a rejection", async () => {
    wallet.setRejectRequests(true);
    const [account] = await viemWallet().getAddresses();
    const error = await viemWallet()
      .sendTransaction({ account: account as Address, to: account as Address, value: 1n })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(BaseError);
    expect((error as BaseError).walk((e) => e instanceof UserRejectedRequestError)).toBeInstanceOf(
      UserRejectedRequestError,
    );
    expect((await rejection(wallet.request({ method: "personal_sign", params: ["0x00", account] }))).code).toBe(4001);
    expect(await wallet.request({ method: "eth_chainId" })).toBe("0x7a69"); // reads still answer
    wallet.setRejectRequests(false);
  });

  it("can broadcast a transaction and then answer with an error (-32603) instead of its hash", async () => {
    const [account] = (await wallet.request({ method: "eth_accounts" })) as Address[];
    // "pending" counts what the node accepted, mined or not: anvil answers eth_sendTransaction before its
    // automatic block is in, so the "latest" count can still be the old one right after.
    const before = await ethereum.client.getTransactionCount({ address: account as Address, blockTag: "pending" });
    wallet.setFailAfterBroadcast(true);
    try {
      const error = await rejection(
        wallet.request({ method: "eth_sendTransaction", params: [{ from: account, to: account, value: "0x1" }] }),
      );
      expect(error.code).toBe(-32603);
    } finally {
      wallet.setFailAfterBroadcast(false);
    }
    // The transaction went out all the same: the account's nonce moved on.
    expect(await ethereum.client.getTransactionCount({ address: account as Address, blockTag: "pending" })).toBe(
      before + 1,
    );
  });

  it("switches to the Conflux eSpace devnet and sends reads there", async () => {
    await conflux.client.mine({ blocks: 7 });
    await wallet.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a6a" }] });
    expect(events.at(-1)).toEqual(["chainChanged", "0x7a6a"]);
    expect(await wallet.request({ method: "eth_chainId" })).toBe("0x7a6a");
    expect(BigInt((await wallet.request({ method: "eth_blockNumber" })) as string)).toBe(
      await conflux.client.getBlockNumber(),
    );
    const error = await rejection(
      wallet.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x1" }] }),
    );
    expect(error.code).toBe(4902);
  });

  it("disconnects on wallet_revokePermissions", async () => {
    await wallet.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] });
    expect(events.at(-1)).toEqual(["accountsChanged", []]);
    expect(await wallet.request({ method: "eth_accounts" })).toEqual([]);
  });
});

describe("what the Devnet Wallet remembers across page loads", () => {
  it("reconnects after a reload with the same account and chain, and forgets after a disconnect", async () => {
    const stored = new Map<string, string>();
    const memory = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    };
    const chains = [
      { chainId: 31337, rpcUrl: ethereum.anvil.rpcUrl },
      { chainId: 31338, rpcUrl: conflux.anvil.rpcUrl },
    ];
    const first = new DevnetWalletProvider(chains, memory);
    expect(await first.request({ method: "eth_accounts" })).toEqual([]);
    const [account] = (await first.request({ method: "eth_requestAccounts" })) as string[];
    const second = (await first.listAccounts())[1] as string;
    await first.selectAccount(second);
    await first.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a6a" }] });

    const reloaded = new DevnetWalletProvider(chains, memory);
    expect(await reloaded.request({ method: "eth_accounts" })).toEqual([second]);
    expect(await reloaded.request({ method: "eth_chainId" })).toBe("0x7a6a");
    expect(account).not.toBe(second);

    await reloaded.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] });
    expect(await new DevnetWalletProvider(chains, memory).request({ method: "eth_accounts" })).toEqual([]);
  });
});
