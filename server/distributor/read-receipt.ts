import {
  BaseError,
  type Hash,
  HttpRequestError,
  type PublicClient,
  RpcError,
  TimeoutError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from "viem";

/**
 * What a node said about a transaction's receipt: found, known not to exist (the node answered null), or not
 * known at all (the read failed). Only "absent" may ever lead to a batch being given up.
 */
export type ReceiptRead =
  | { readonly kind: "found"; readonly receipt: TransactionReceipt }
  | { readonly kind: "absent" }
  | { readonly kind: "unreadable"; readonly reason: string };

export async function readReceipt(client: PublicClient, hash: Hash): Promise<ReceiptRead> {
  try {
    return { kind: "found", receipt: await client.getTransactionReceipt({ hash }) };
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return { kind: "absent" };
    return { kind: "unreadable", reason: describeReadError(error) };
  }
}

/**
 * A failed node read, said without the node's URL (provider URLs carry API keys in their path or query, and
 * viem's full messages print the URL): the kind of failure, the HTTP status or JSON-RPC code, and viem's short text.
 */
export function describeReadError(error: unknown): string {
  if (!(error instanceof BaseError)) return error instanceof Error ? error.name : "unknown error";
  const http = error.walk((cause) => cause instanceof HttpRequestError) as HttpRequestError | null;
  if (http) return `HTTP request failed${http.status === undefined ? "" : ` with status ${http.status}`}`;
  if (error.walk((cause) => cause instanceof TimeoutError)) return "the node did not answer in time";
  const rpc = error.walk((cause) => cause instanceof RpcError) as RpcError | null;
  if (rpc) return `the node answered JSON-RPC error ${rpc.code} (${rpc.shortMessage.replace(/\.$/, "")})`;
  return error.shortMessage.replace(/\.$/, "");
}
