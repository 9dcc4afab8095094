import type { Hex, TransactionSerializable } from "viem";
import { RPC_NOT_ALLOWED, USER_REJECTED } from "../core/embedded-wallet/rpc-methods.ts";
import { messageRows } from "./approval/describe-signature.ts";
import { callsRows, type PreparedTransaction, transactionRows } from "./approval/describe-transaction.ts";
import { typedDataRows } from "./approval/describe-typed-data.ts";
import { checkTypedData } from "./approval/typed-data.ts";
import { FrameRequestError } from "./frame-request-error.ts";
import type { FrameState } from "./frame-state.ts";
import { refuseShareProofMessage } from "./keys/share-checks.ts";
import { withAccount } from "./keys/wallet-keys.ts";
import { askApproval, block } from "./ui/dialog.ts";
import { text } from "./ui/texts.ts";

export interface RpcRequest {
  readonly method: string;
  readonly params?: readonly unknown[];
}

const rejected = () => new FrameRequestError(USER_REJECTED, { code: 4001 });

function serializable(chainId: number, tx: PreparedTransaction): TransactionSerializable {
  if (Number(tx.chainId) !== chainId) throw new FrameRequestError(text("wrongChain"));
  return {
    type: "eip1559",
    chainId,
    nonce: Number(tx.nonce),
    gas: BigInt(tx.gas),
    maxFeePerGas: BigInt(tx.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
    value: BigInt(tx.value ?? "0x0"),
    ...(tx.to ? { to: tx.to } : {}),
    ...(tx.data ? { data: tx.data } : {}),
  };
}

/**
 * The RPC calls the frame answers: the unsafe ones after the user approved them in the frame (declined → 4001
 * 'User rejected the request.'), each shown in coin and network terms. The kit answers the safe reads itself
 * through the host's RPC proxy and fills a transaction's nonce, gas and fees; for eth_sendTransaction the frame
 * answers the signed transaction, for wallet_sendCalls (one approval for all its calls) the signed transactions
 * in order, which the kit broadcasts.
 */
export async function rpcRequest(state: FrameState, request: RpcRequest): Promise<unknown> {
  const params = request.params ?? [];
  switch (request.method) {
    case "eth_chainId":
      return `0x${state.chainId.toString(16)}`;
    case "eth_accounts":
      return state.address ? [state.address] : [];
    case "personal_sign": {
      const message = params[0] as Hex;
      refuseShareProofMessage(message);
      if (!(await askApproval(text("signMessageTitle"), block(...messageRows(String(params[1]), message)))))
        throw rejected();
      return withAccount((account) => account.signMessage({ message: { raw: message } }));
    }
    case "eth_signTypedData_v4": {
      // Refused (-32602) before any dialog when what would be shown is not exactly what would be signed.
      const typed = checkTypedData(params[1], state.chainId);
      const details = block(...typedDataRows(String(params[0]), typed));
      if (!(await askApproval(text("signTypedDataTitle"), details))) throw rejected();
      // The checked types, EIP712Domain written out: the signature covers exactly the rows shown.
      return withAccount((account) => account.signTypedData(typed as Parameters<typeof account.signTypedData>[0]));
    }
    case "eth_sendTransaction": {
      const tx = params[0] as PreparedTransaction;
      const unsigned = serializable(state.chainId, tx);
      const details = block(...transactionRows(state.chainId, tx));
      if (!(await askApproval(text("sendTransactionTitle"), details))) throw rejected();
      return withAccount((account) => account.signTransaction(unsigned));
    }
    case "wallet_sendCalls": {
      const txs = params as readonly PreparedTransaction[];
      const unsigned = txs.map((tx) => serializable(state.chainId, tx));
      const title = text("sendCallsTitle", { count: String(txs.length) });
      if (!(await askApproval(title, block(...callsRows(state.chainId, txs))))) throw rejected();
      return withAccount((account) => Promise.all(unsigned.map((tx) => account.signTransaction(tx))));
    }
    default:
      throw new FrameRequestError(RPC_NOT_ALLOWED, { code: 4200 });
  }
}
