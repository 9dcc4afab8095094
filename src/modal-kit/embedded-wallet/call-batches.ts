import { bytesToHex, type EIP1193RequestFn, type Hex } from "viem";
import { WalletCallsError } from "./wallet-calls.ts";

interface RpcReceipt {
  readonly status: Hex;
  readonly blockHash: Hex;
  readonly blockNumber: Hex;
  readonly gasUsed: Hex;
  readonly transactionHash: Hex;
  readonly logs: readonly { readonly address: Hex; readonly data: Hex; readonly topics: readonly Hex[] }[];
}

/** EIP-5792's status of a non-atomic batch from its receipts (null = not mined yet). */
export function batchStatus(receipts: readonly (RpcReceipt | null)[]): 100 | 200 | 500 | 600 {
  if (receipts.some((receipt) => receipt === null)) return 100;
  if (receipts.every((receipt) => receipt?.status === "0x1")) return 200;
  if (receipts.every((receipt) => receipt?.status === "0x0")) return 500;
  return 600;
}

/**
 * The batches this wallet sent in this page (wallet_sendCalls): id → chain and transaction hashes, answered by
 * wallet_getCallsStatus in EIP-5792's shape; an unknown id is refused with 5730, an app's id used twice with 5720.
 */
export function createCallBatches() {
  const batches = new Map<string, { readonly chainId: number; readonly hashes: readonly Hex[] }>();
  return {
    /** The batch's id: the app's (refused with 5720 when already used), else a random 32-byte one. */
    newId(appId: string | undefined): string {
      if (appId !== undefined && batches.has(appId)) throw new WalletCallsError(5720, `Duplicate batch id ${appId}`);
      return appId ?? bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
    },
    /** Keeps a batch once its transactions were broadcast, in order. */
    record(id: string, chainId: number, hashes: readonly Hex[]): void {
      batches.set(id, { chainId, hashes });
    },
    async status(read: (chainId: number) => EIP1193RequestFn, id: string) {
      const batch = batches.get(id);
      if (!batch) throw new WalletCallsError(5730, `Unknown bundle id ${id}`);
      const receipts = await Promise.all(
        batch.hashes.map(
          (hash) =>
            read(batch.chainId)({ method: "eth_getTransactionReceipt", params: [hash] }) as Promise<RpcReceipt | null>,
        ),
      );
      return {
        version: "2.0.0",
        id,
        chainId: `0x${batch.chainId.toString(16)}`,
        atomic: false,
        status: batchStatus(receipts),
        receipts: receipts
          .filter((receipt) => receipt !== null)
          .map(({ logs, status, blockHash, blockNumber, gasUsed, transactionHash }) => ({
            logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
            status,
            blockHash,
            blockNumber,
            gasUsed,
            transactionHash,
          })),
      };
    },
  };
}
