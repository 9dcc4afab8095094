import { createPublicClient, type EIP1193RequestFn, type Hex, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalAnvil, startAnvil } from "../../../server/testing/local-anvil.ts";
import { FrameReplyError } from "./embedded-wallet-errors.ts";
import { createEmbeddedWalletProvider } from "./embedded-wallet-provider.ts";
import type { FrameMessenger } from "./frame-messenger.ts";

// anvil's first dev account stands in for the key the frame rebuilds from its shares.
const account = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const RECEIVER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

let anvil: LocalAnvil;
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
function frame(choice: "approve" | "decline") {
  const seen: { event: string; payload: unknown }[] = [];
  const messenger: FrameMessenger = {
    ready: async () => undefined,
    onAlert: () => () => undefined,
    signOut: async () => undefined,
    async request<T>(event: string, payload?: unknown): Promise<T> {
      seen.push({ event, payload });
      if (choice === "decline") throw new FrameReplyError("User rejected the request.", 4001);
      const { method, params } = payload as { method: string; params: unknown[] };
      if (method === "personal_sign") return (await account.signMessage({ message: { raw: params[0] as Hex } })) as T;
      const tx = params[0] as Record<string, Hex>;
      return (await account.signTransaction({
        type: "eip1559",
        chainId: Number(tx.chainId),
        nonce: Number(tx.nonce),
        gas: BigInt(tx.gas as Hex),
        maxFeePerGas: BigInt(tx.maxFeePerGas as Hex),
        maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas as Hex),
        to: tx.to as Hex,
        value: BigInt(tx.value as Hex),
      })) as T;
    },
  };
  return { messenger, seen };
}

const reader = () => http(anvil.url)({ chain: undefined }).request as EIP1193RequestFn;

describe("embedded wallet EIP-1193 provider", () => {
  it("answers safe reads from the chain through the host's RPC endpoint, never through the frame", async () => {
    const { messenger, seen } = frame("approve");
    const provider = createEmbeddedWalletProvider(messenger, reader, 31_337);
    provider.setAccount(account.address);
    expect(await provider.request({ method: "eth_chainId" })).toBe("0x7a69");
    expect(await provider.request({ method: "eth_accounts" })).toEqual([account.address]);
    const balance = await provider.request({ method: "eth_getBalance", params: [RECEIVER, "latest"] });
    expect(BigInt(balance as Hex)).toBe(parseEther("10000"));
    expect(seen).toEqual([]);
  });

  it("refuses methods outside the safe and approval lists with 4200 'Requested RPC call is not allowed'", async () => {
    const provider = createEmbeddedWalletProvider(frame("approve").messenger, reader, 31_337);
    provider.setAccount(account.address);
    for (const method of ["eth_sign", "eth_signTransaction", "anvil_setBalance", "eth_sendRawTransaction"])
      await expect(provider.request({ method, params: [] })).rejects.toMatchObject({
        code: 4200,
        message: "Requested RPC call is not allowed",
      });
  });

  it("rejects with 4001 'User rejected the request.' when the user declines in the frame", async () => {
    const provider = createEmbeddedWalletProvider(frame("decline").messenger, reader, 31_337);
    provider.setAccount(account.address);
    await expect(
      provider.request({ method: "personal_sign", params: ["0x68656c6c6f", account.address] }),
    ).rejects.toMatchObject({ code: 4001, message: "User rejected the request." });
  });

  it("sends a transaction: nonce, gas and fees read from the chain, signed in the frame, broadcast here", async () => {
    const { messenger, seen } = frame("approve");
    const provider = createEmbeddedWalletProvider(messenger, reader, 31_337);
    provider.setAccount(account.address);
    const hash = (await provider.request({
      method: "eth_sendTransaction",
      params: [{ from: account.address, to: RECEIVER, value: "0xde0b6b3a7640000" }],
    })) as Hex;
    const client = createPublicClient({ transport: http(anvil.url) });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase());
    // The frame was asked once, with every field it shows for approval filled.
    expect(seen).toHaveLength(1);
    const sent = (seen[0]?.payload as { params: Record<string, Hex>[] } | undefined)?.params[0];
    expect(sent).toMatchObject({ to: RECEIVER, value: "0xde0b6b3a7640000", chainId: "0x7a69", nonce: "0x0" });
    expect(BigInt(sent?.gas ?? "0x0")).toBe(21_000n);
    const mined = await client.getTransaction({ hash });
    expect(mined).toMatchObject({ type: "eip1559", value: parseEther("1") });
  });

  it("sends wallet_sendCalls one call at a time, each signed in the frame, and reports their status", async () => {
    const { messenger, seen } = frame("approve");
    const provider = createEmbeddedWalletProvider(messenger, reader, 31_337);
    provider.setAccount(account.address);
    const calls = [
      { to: RECEIVER, value: "0x1" },
      { to: RECEIVER, value: "not a number" },
    ];
    const { id } = (await provider.request({ method: "wallet_sendCalls", params: [{ calls }] })) as { id: string };
    expect(seen.map((entry) => (entry.payload as { method: string }).method)).toEqual([
      "eth_sendTransaction",
      "eth_sendTransaction",
    ]);
    // A value that is not a number counts as zero (modal-kit.md section 5).
    expect((seen[1]?.payload as { params: { value: Hex }[] } | undefined)?.params[0]?.value).toBe("0x0");
    const client = createPublicClient({ transport: http(anvil.url) });
    for (const hash of id.match(/0x[0-9a-f]{64}/g) ?? []) await client.waitForTransactionReceipt({ hash: hash as Hex });
    const status = (await provider.request({ method: "wallet_getCallsStatus", params: [id] })) as {
      status: number;
      receipts: unknown[];
    };
    expect(status.status).toBe(200);
    expect(status.receipts).toHaveLength(2);
    await expect(
      provider.request({ method: "wallet_sendCalls", params: [{ calls: [{ to: "f39f", value: "0x1" }] }] }),
    ).rejects.toThrow("calls[0].to must be an address starting with 0x");
  });
});
