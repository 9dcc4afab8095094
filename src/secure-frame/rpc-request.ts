import { type Hex, hexToString, isHex, type TransactionSerializable } from "viem";
import { RPC_NOT_ALLOWED, USER_REJECTED } from "../lib/embedded-wallet/rpc-methods.ts";
import { FrameRequestError } from "./frame-request-error.ts";
import type { FrameState } from "./frame-state.ts";
import { withAccount } from "./keys/wallet-keys.ts";
import { askApproval, block } from "./ui/dialog.ts";
import { text } from "./ui/texts.ts";

export interface RpcRequest {
  readonly method: string;
  readonly params?: readonly unknown[];
}

const rejected = () => new FrameRequestError(USER_REJECTED, { code: 4001 });

const readable = (message: Hex) => {
  try {
    return isHex(message) ? hexToString(message) : String(message);
  } catch {
    return message;
  }
};

/** A prepared transaction from the kit (hex quantities, as JSON-RPC writes them). */
interface PreparedTransaction {
  readonly to?: Hex;
  readonly data?: Hex;
  readonly value?: Hex;
  readonly nonce: Hex;
  readonly gas: Hex;
  readonly maxFeePerGas: Hex;
  readonly maxPriorityFeePerGas: Hex;
  readonly chainId: Hex;
}

/**
 * The RPC calls the frame answers: the unsafe ones after the user approved them in the frame (declined → 4001
 * 'User rejected the request.'). The kit answers the safe reads itself through the host's RPC proxy and fills a
 * transaction's nonce, gas and fees; for eth_sendTransaction the frame answers the signed transaction, which
 * the kit broadcasts.
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
      const details = block([text("account"), String(params[1])], [text("message"), readable(message)]);
      if (!(await askApproval(text("signMessageTitle"), details))) throw rejected();
      return withAccount((account) => account.signMessage({ message: { raw: message } }));
    }
    case "eth_signTypedData_v4": {
      const typed = typeof params[1] === "string" ? JSON.parse(params[1]) : params[1];
      const details = block([text("account"), String(params[0])], [text("message"), JSON.stringify(typed, null, 1)]);
      if (!(await askApproval(text("signTypedDataTitle"), details))) throw rejected();
      return withAccount((account) => account.signTypedData(typed));
    }
    case "eth_sendTransaction": {
      const tx = params[0] as PreparedTransaction;
      if (Number(tx.chainId) !== state.chainId) throw new FrameRequestError(text("wrongChain"));
      const details = block(
        [text("to"), tx.to ?? text("newContract")],
        [text("value"), `${BigInt(tx.value ?? "0x0").toString()} wei`],
        [text("maxFee"), `${(BigInt(tx.gas) * BigInt(tx.maxFeePerGas)).toString()} wei`],
        [text("data"), tx.data ?? "0x"],
      );
      if (!(await askApproval(text("sendTransactionTitle"), details))) throw rejected();
      const serializable: TransactionSerializable = {
        type: "eip1559",
        chainId: state.chainId,
        nonce: Number(tx.nonce),
        gas: BigInt(tx.gas),
        maxFeePerGas: BigInt(tx.maxFeePerGas),
        maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
        value: BigInt(tx.value ?? "0x0"),
        ...(tx.to ? { to: tx.to } : {}),
        ...(tx.data ? { data: tx.data } : {}),
      };
      return withAccount((account) => account.signTransaction(serializable));
    }
    default:
      throw new FrameRequestError(RPC_NOT_ALLOWED, { code: 4200 });
  }
}
