import type { EIP1193Parameters, EIP1193RequestFn, Hex } from "viem";
import { RPC_NOT_ALLOWED, SAFE_RPC_METHODS, UNSAFE_RPC_METHODS } from "../../core/embedded-wallet/rpc-methods.ts";
import { KitError } from "../errors/kit-error.ts";
import { createCallBatches } from "./call-batches.ts";
import { FrameReplyError } from "./embedded-wallet-errors.ts";
import type { FrameMessenger, RequestOptions } from "./frame-messenger.ts";
import { prepareTransaction, type TransactionRequest } from "./prepare-transaction.ts";
import { readWalletCalls, walletCapabilities } from "./wallet-calls.ts";

/** Reads from a chain through the host's RPC endpoint (the staking server's proxy). */
export type ChainReader = (chainId: number) => EIP1193RequestFn;

/** An EIP-1193 error with its code, as wallets throw them (4001 user rejected, 4200 unsupported method). */
export class EmbeddedProviderError extends Error {
  override name = "EmbeddedProviderError";
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export interface EmbeddedWalletProvider {
  request(args: { method: string; params?: unknown }, options?: RequestOptions): Promise<unknown>;
  /** The connected account and chain, set by the connector. */
  setAccount(address: `0x${string}` | undefined): void;
  setChainId(chainId: number): void;
}

/**
 * The embedded wallet as an EIP-1193 provider: the account and chain from the frame; safe reads through the
 * host's RPC endpoint (never the frame); personal_sign, eth_signTypedData_v4 and eth_sendTransaction signed in
 * the frame after the user approved them there (eth_sendTransaction is prepared here, signed there and
 * broadcast here; wallet_sendCalls per EIP-5792: its calls prepared with consecutive nonces, approved once in
 * the frame, broadcast in order, not atomically); anything else 4200 'Requested RPC call is not allowed'.
 */
export function createEmbeddedWalletProvider(
  messenger: FrameMessenger,
  read: ChainReader,
  initialChainId: number,
  chainIds: readonly number[],
): EmbeddedWalletProvider {
  let account: `0x${string}` | undefined;
  let chainId = initialChainId;
  const batches = createCallBatches();
  const signInFrame = async (method: string, params: unknown, options?: RequestOptions) => {
    try {
      return await messenger.request<unknown>("RPC_REQUEST", { method, params }, options);
    } catch (error) {
      if (error instanceof FrameReplyError && error.code !== undefined)
        throw new EmbeddedProviderError(error.code, error.message);
      throw error;
    }
  };
  async function request(
    { method, params }: { method: string; params?: unknown },
    options?: RequestOptions,
  ): Promise<unknown> {
    const list = (params ?? []) as readonly unknown[];
    if (method === "eth_accounts" || method === "eth_requestAccounts") return account ? [account] : [];
    if (method === "eth_chainId") return `0x${chainId.toString(16)}`;
    // EIP-5792: an EOA cannot run calls atomically; they are approved once and sent one after the other.
    if (method === "wallet_getCapabilities") return walletCapabilities(chainIds, list);
    if (method === "wallet_getCallsStatus") return batches.status(read, String(list[0]));
    if (method === "wallet_sendCalls") {
      if (!account) throw new EmbeddedProviderError(4100, "Not connected to email or social");
      const { calls, id: appId } = readWalletCalls(list, chainId, account);
      const id = batches.newId(appId);
      const batchChain = chainId;
      const reader = read(batchChain);
      const next = BigInt((await reader({ method: "eth_getTransactionCount", params: [account, "pending"] })) as Hex);
      const from = account;
      const prepared = await Promise.all(
        calls.map((call, index) =>
          prepareTransaction(reader, batchChain, from, { ...call, nonce: `0x${(next + BigInt(index)).toString(16)}` }),
        ),
      );
      const signed = (await signInFrame(method, prepared, options)) as Hex[];
      const hashes: Hex[] = [];
      for (const transaction of signed)
        hashes.push((await reader({ method: "eth_sendRawTransaction", params: [transaction] })) as Hex);
      batches.record(id, batchChain, hashes);
      return { id };
    }
    if (SAFE_RPC_METHODS.has(method)) return read(chainId)({ method, params: list } as unknown as EIP1193Parameters);
    if (!UNSAFE_RPC_METHODS.has(method)) throw new EmbeddedProviderError(4200, RPC_NOT_ALLOWED);
    if (!account) throw new EmbeddedProviderError(4100, "Not connected to email or social");
    if (method !== "eth_sendTransaction") {
      const signature = await signInFrame(method, list, options);
      // A reply without a signature (personal_sign, eth_signTypedData_v4) is spec section 8's 'Sign message failed'.
      if (typeof signature !== "string" || !/^0x[0-9a-fA-F]+$/.test(signature))
        throw new KitError("Sign message failed", "modalKit.errors.signMessageFailed");
      return signature;
    }
    const prepared = await prepareTransaction(read(chainId), chainId, account, list[0] as TransactionRequest);
    const signed = (await signInFrame(method, [prepared], options)) as Hex;
    return read(chainId)({ method: "eth_sendRawTransaction", params: [signed] });
  }
  return {
    setAccount: (address) => {
      account = address;
    },
    setChainId: (id) => {
      chainId = id;
    },
    request,
  };
}
