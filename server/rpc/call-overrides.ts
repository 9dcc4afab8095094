import { type JsonRpcErrorObject, type JsonRpcRequest, RPC_ERRORS } from "./json-rpc.ts";

/** Methods whose parameters after the call and the block are overrides: state (3rd) and, for eth_call, block (4th). */
const SIMULATIONS = new Set(["eth_call", "eth_estimateGas"]);

/**
 * Refuses eth_call and eth_estimateGas with state or block overrides. Overrides let a client run arbitrary code
 * against arbitrary balances and storage on the upstream, at the upstream's cost and outside what the app needs.
 * Returns the EIP-1474 invalid-params error, or undefined when the request may go on.
 */
export function refuseOverrides(request: JsonRpcRequest): JsonRpcErrorObject | undefined {
  if (!SIMULATIONS.has(request.method) || request.params === undefined) return undefined;
  if (!Array.isArray(request.params)) {
    return RPC_ERRORS.invalidParams(`${request.method} takes its parameters as an array: [call, block]`);
  }
  const extra = request.params.slice(2).findIndex((value) => value !== null && value !== undefined);
  if (extra === -1) return undefined;
  const what =
    ["state overrides (3rd parameter)", "block overrides (4th parameter)"][extra] ?? `parameter ${extra + 3}`;
  return RPC_ERRORS.invalidParams(
    `${request.method} with ${what} is not served here; send only the call and the block, [call, block]`,
  );
}
