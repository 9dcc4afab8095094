/** JSON-RPC 2.0 message shapes and the error objects of JSON-RPC 2.0 and EIP-1474. */

export type JsonRpcId = string | number | null;

export interface JsonRpcRequest {
  readonly jsonrpc: "2.0";
  readonly id?: JsonRpcId;
  readonly method: string;
  readonly params?: unknown;
}

export interface JsonRpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export type JsonRpcResponse =
  | { readonly jsonrpc: "2.0"; readonly id: JsonRpcId; readonly result: unknown }
  | { readonly jsonrpc: "2.0"; readonly id: JsonRpcId; readonly error: JsonRpcErrorObject };

export const RPC_ERRORS = {
  parse: (detail: string): JsonRpcErrorObject => ({ code: -32700, message: `Parse error: ${detail}` }),
  invalidRequest: (detail: string): JsonRpcErrorObject => ({ code: -32600, message: `Invalid request: ${detail}` }),
  methodNotFound: (method: string): JsonRpcErrorObject => ({ code: -32601, message: `Method not found: ${method}` }),
  invalidParams: (detail: string): JsonRpcErrorObject => ({ code: -32602, message: `Invalid params: ${detail}` }),
  internal: (detail: string): JsonRpcErrorObject => ({ code: -32603, message: `Internal error: ${detail}` }),
  /** EIP-1474: the method exists but this endpoint does not serve it. */
  methodNotSupported: (method: string): JsonRpcErrorObject => ({
    code: -32004,
    message: `Method not supported: ${method} is not served by this endpoint (it never signs or sends from server accounts, and never runs node administration or test-chain methods)`,
  }),
  /** EIP-1474: a limit (batch size, body size, rate) was exceeded. */
  limitExceeded: (detail: string): JsonRpcErrorObject => ({ code: -32005, message: `Limit exceeded: ${detail}` }),
  /** EIP-1474: the upstream node is unavailable. */
  resourceUnavailable: (detail: string): JsonRpcErrorObject => ({
    code: -32002,
    message: `Resource unavailable: ${detail}`,
  }),
};

export function jsonRpcErrorResponse(id: JsonRpcId, error: JsonRpcErrorObject): JsonRpcResponse {
  return { jsonrpc: "2.0", id, error };
}

/** Checks one element of a request body; returns the request or the reason it is not one. */
export function readRequest(value: unknown): { request: JsonRpcRequest } | { error: string; id: JsonRpcId } {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { error: "expected a JSON-RPC request object", id: null };
  }
  const candidate = value as Record<string, unknown>;
  const rawId = candidate.id;
  const idValid =
    rawId === undefined ||
    rawId === null ||
    typeof rawId === "string" ||
    (typeof rawId === "number" && Number.isFinite(rawId));
  const id: JsonRpcId = idValid ? ((rawId ?? null) as JsonRpcId) : null;
  if (candidate.jsonrpc !== "2.0") return { error: 'expected "jsonrpc": "2.0"', id };
  if (!idValid) return { error: "expected an id that is a string, a number or null", id: null };
  if (typeof candidate.method !== "string" || candidate.method === "") return { error: "expected a method name", id };
  if (candidate.params !== undefined && (candidate.params === null || typeof candidate.params !== "object")) {
    return { error: "expected params to be an array or an object", id };
  }
  return { request: candidate as unknown as JsonRpcRequest };
}
