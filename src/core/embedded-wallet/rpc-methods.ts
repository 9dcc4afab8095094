/**
 * Which RPC methods the embedded wallet answers and how (modal-kit.md section 6): safe reads go to the chain
 * through the host's RPC endpoint; the unsafe ones are shown for approval in the frame; the rest are refused
 * with 'Requested RPC call is not allowed'.
 */
export const SAFE_RPC_METHODS: ReadonlySet<string> = new Set([
  "eth_accounts",
  "eth_blockNumber",
  "eth_call",
  "eth_chainId",
  "eth_estimateGas",
  "eth_feeHistory",
  "eth_gasPrice",
  "eth_getBalance",
  "eth_getBlockByHash",
  "eth_getBlockByNumber",
  "eth_getCode",
  "eth_getLogs",
  "eth_getStorageAt",
  "eth_getTransactionByHash",
  "eth_getTransactionCount",
  "eth_getTransactionReceipt",
  "eth_maxPriorityFeePerGas",
  "eth_requestAccounts",
  "net_version",
]);

export const UNSAFE_RPC_METHODS: ReadonlySet<string> = new Set([
  "personal_sign",
  "eth_signTypedData_v4",
  "eth_sendTransaction",
]);

export const RPC_NOT_ALLOWED = "Requested RPC call is not allowed";
export const USER_REJECTED = "User rejected the request.";
