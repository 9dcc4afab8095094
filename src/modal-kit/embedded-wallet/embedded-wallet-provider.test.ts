import { createPublicClient, type EIP1193RequestFn, type Hex, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAnvil, startAnvil } from "../../../tests/support/anvil.ts";
import { FrameReplyError } from "./embedded-wallet-errors.ts";
import { createEmbeddedWalletProvider } from "./embedded-wallet-provider.ts";
import type { FrameMessenger } from "./frame-messenger.ts";

// anvil's first dev account stands in for the key the frame rebuilds from its shares.
const account = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const RECEIVER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

let anvil: RunningAnvil;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.stop();
});

/**
 * The frame's side as the provider sees it: answers RPC_REQUEST like the frame does after the user's choice
 * (the real frame runs only in a browser; tests/e2e/embedded-wallet-*.test.ts drive it there).
 */
function frame(choice: "approve" | "decline" | "no signature") {
  const seen: { event: string; payload: unknown }[] = [];
  const messenger: FrameMessenger = {
    ready: async () => undefined,
    onAlert: () => () => undefined,
    signOut: async () => undefined,
    async request<T>(event: string, payload?: unknown): Promise<T> {
      seen.push({ event, payload });
      if (choice === "decline") throw new FrameReplyError("User rejected the request.", 4001);
      // A frame that approved but replied without a signature.
      if (choice === "no signature") return "" as T;
      const { method, params } = payload as { method: string; params: unknown[] };
      if (method === "personal_sign") return (await account.signMessage({ message: { raw: params[0] as Hex } })) as T;
      const sign = (tx: Record<string, Hex>) =>
        account.signTransaction({
          type: "eip1559",
          chainId: Number(tx.chainId),
          nonce: Number(tx.nonce),
          gas: BigInt(tx.gas as Hex),
          maxFeePerGas: BigInt(tx.maxFeePerGas as Hex),
          maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas as Hex),
          to: tx.to as Hex,
          value: BigInt(tx.value as Hex),
        });
      // wallet_sendCalls: one approval, every call signed, in order.
      if (method === "wallet_sendCalls") return (await Promise.all(params.map((tx) => sign(tx as never)))) as T;
      return (await sign(params[0] as Record<string, Hex>)) as T;
    },
  };
  return { messenger, seen };
}

const reader = () => http(anvil.rpcUrl)({ chain: undefined }).request as EIP1193RequestFn;

describe("embedded wallet EIP-1193 provider", () => {
  it("answers safe reads from the chain through the host's RPC endpoint, never through the frame", async () => {
    const { messenger, seen } = frame("approve");
    const provider = createEmbeddedWalletProvider(messenger, reader, 31_337, [31_337]);
    provider.setAccount(account.address);
    expect(await provider.request({ method: "eth_chainId" })).toBe("0x7a69");
    expect(await provider.request({ method: "eth_accounts" })).toEqual([account.address]);
    const balance = await provider.request({ method: "eth_getBalance", params: [RECEIVER, "latest"] });
    expect(BigInt(balance as Hex)).toBe(parseEther("10000"));
    expect(seen).toEqual([]);
  });

  it("refuses methods outside the safe and approval lists with 4200 'Requested RPC call is not allowed'", async () => {
    const provider = createEmbeddedWalletProvider(frame("approve").messenger, reader, 31_337, [31_337]);
    provider.setAccount(account.address);
    for (const method of ["eth_sign", "eth_signTransaction", "anvil_setBalance", "eth_sendRawTransaction"])
      await expect(provider.request({ method, params: [] })).rejects.toMatchObject({
        code: 4200,
        message: "Requested RPC call is not allowed",
      });
  });

  it("rejects with 4001 'User rejected the request.' when the user declines in the frame", async () => {
    const provider = createEmbeddedWalletProvider(frame("decline").messenger, reader, 31_337, [31_337]);
    provider.setAccount(account.address);
    await expect(
      provider.request({ method: "personal_sign", params: ["0x68656c6c6f", account.address] }),
    ).rejects.toMatchObject({ code: 4001, message: "User rejected the request." });
  });

  it("rejects with 'Sign message failed' when the frame replies without a signature", async () => {
    const provider = createEmbeddedWalletProvider(frame("no signature").messenger, reader, 31_337, [31_337]);
    provider.setAccount(account.address);
    await expect(
      provider.request({ method: "personal_sign", params: ["0x68656c6c6f", account.address] }),
    ).rejects.toMatchObject({ message: "Sign message failed", shortMessage: "modalKit.errors.signMessageFailed" });
  });

  it("rejects with 'error estimating gas' and asks the frame nothing when the transfer cannot run", async () => {
    const { messenger, seen } = frame("approve");
    const provider = createEmbeddedWalletProvider(messenger, reader, 31_337, [31_337]);
    provider.setAccount(account.address);
    // The bn256 pairing precompile (0x08) fails on input that is not a multiple of 192 bytes: the call cannot run.
    await expect(
      provider.request({
        method: "eth_sendTransaction",
        params: [{ from: account.address, to: "0x0000000000000000000000000000000000000008", data: "0x01" }],
      }),
    ).rejects.toMatchObject({ message: "error estimating gas", shortMessage: "modalKit.errors.estimateGas" });
    expect(seen).toEqual([]);
  });

  it("sends a transaction: nonce, gas and fees read from the chain, signed in the frame, broadcast here", async () => {
    const { messenger, seen } = frame("approve");
    const provider = createEmbeddedWalletProvider(messenger, reader, 31_337, [31_337]);
    provider.setAccount(account.address);
    const hash = (await provider.request({
      method: "eth_sendTransaction",
      params: [{ from: account.address, to: RECEIVER, value: "0xde0b6b3a7640000" }],
    })) as Hex;
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase());
    // The frame was asked once, with every field it shows for approval filled.
    expect(seen).toHaveLength(1);
    const sent = (seen[0]?.payload as { params: Record<string, Hex>[] } | undefined)?.params[0];
    expect(sent).toMatchObject({ to: RECEIVER, value: "0xde0b6b3a7640000", chainId: "0x7a69", nonce: "0x0" });
    // The receiver is an account, not a contract: the frame shows no "contract" label.
    expect(sent?.toIsContract).toBe(false);
    expect(BigInt(sent?.gas ?? "0x0")).toBe(21_000n);
    const mined = await client.getTransaction({ hash });
    expect(mined).toMatchObject({ type: "eip1559", value: parseEther("1") });
  });

  it("sends wallet_sendCalls per EIP-5792: one approval for both calls, consecutive nonces, status and receipts", async () => {
    const { messenger, seen } = frame("approve");
    const provider = createEmbeddedWalletProvider(messenger, reader, 31_337, [31_337]);
    provider.setAccount(account.address);
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const nonce = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
    const calls = [
      { to: RECEIVER, value: "0x1" },
      { to: RECEIVER, value: "not a number" },
    ];
    const { id } = (await provider.request({
      method: "wallet_sendCalls",
      params: [{ version: "2.0.0", chainId: "0x7a69", from: account.address, atomicRequired: false, calls }],
    })) as { id: string };
    expect(id).toMatch(/^0x[0-9a-f]{64}$/);
    // The frame was asked once, with both calls prepared.
    expect(seen).toHaveLength(1);
    const asked = seen[0]?.payload as { method: string; params: Record<string, Hex>[] };
    expect(asked.method).toBe("wallet_sendCalls");
    expect(asked.params.map((tx) => Number(tx.nonce))).toEqual([nonce, nonce + 1]);
    // A value that is not a number counts as zero (modal-kit.md section 5).
    expect(asked.params.map((tx) => tx.value)).toEqual(["0x1", "0x0"]);
    await expect
      .poll(
        async () =>
          ((await provider.request({ method: "wallet_getCallsStatus", params: [id] })) as { status: number }).status,
      )
      .toBe(200);
    const status = (await provider.request({ method: "wallet_getCallsStatus", params: [id] })) as {
      version: string;
      id: string;
      chainId: string;
      atomic: boolean;
      receipts: { status: string; transactionHash: Hex; logs: unknown[] }[];
    };
    expect(status).toMatchObject({ version: "2.0.0", id, chainId: "0x7a69", atomic: false });
    expect(status.receipts.map((receipt) => receipt.status)).toEqual(["0x1", "0x1"]);
    const mined = await Promise.all(
      status.receipts.map((receipt) => client.getTransaction({ hash: receipt.transactionHash })),
    );
    expect(mined.map((tx) => tx.nonce)).toEqual([nonce, nonce + 1]);
  });

  it("reports atomic execution unsupported and refuses atomicRequired with 5760, unknown ids with 5730", async () => {
    const { messenger, seen } = frame("approve");
    const provider = createEmbeddedWalletProvider(messenger, reader, 31_337, [31_337, 71]);
    provider.setAccount(account.address);
    expect(await provider.request({ method: "wallet_getCapabilities", params: [account.address] })).toEqual({
      "0x7a69": { atomic: { status: "unsupported" } },
      "0x47": { atomic: { status: "unsupported" } },
    });
    expect(await provider.request({ method: "wallet_getCapabilities", params: [account.address, ["0x47"]] })).toEqual({
      "0x47": { atomic: { status: "unsupported" } },
    });
    const calls = [{ to: RECEIVER, value: "0x1" }];
    await expect(
      provider.request({ method: "wallet_sendCalls", params: [{ atomicRequired: true, calls }] }),
    ).rejects.toMatchObject({ code: 5760, message: "Atomicity not supported: this wallet sends the calls one by one" });
    await expect(
      provider.request({ method: "wallet_sendCalls", params: [{ chainId: "0x47", calls }] }),
    ).rejects.toMatchObject({ code: 5710 });
    await expect(
      provider.request({ method: "wallet_sendCalls", params: [{ calls, capabilities: { paymasterService: {} } }] }),
    ).rejects.toMatchObject({ code: 5700, message: "capability paymasterService is not supported by this wallet" });
    await expect(
      provider.request({ method: "wallet_sendCalls", params: [{ calls: [{ to: "f39f", value: "0x1" }] }] }),
    ).rejects.toMatchObject({ code: -32602, message: "calls[0].to must be an address starting with 0x" });
    expect(seen).toEqual([]);
    await expect(
      provider.request({ method: "wallet_getCallsStatus", params: [`0x${"ab".repeat(32)}`] }),
    ).rejects.toMatchObject({ code: 5730 });
    // An app's own batch id is kept, and refused with 5720 when used again.
    expect(await provider.request({ method: "wallet_sendCalls", params: [{ id: "batch-1", calls }] })).toEqual({
      id: "batch-1",
    });
    await expect(
      provider.request({ method: "wallet_sendCalls", params: [{ id: "batch-1", calls }] }),
    ).rejects.toMatchObject({ code: 5720 });
  });
});
