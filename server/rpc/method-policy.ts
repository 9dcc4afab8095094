/**
 * Which JSON-RPC methods the proxy forwards. An allowlist: chain reads, call simulation, gas estimation and
 * broadcasting of transactions the user signed in their own wallet. Nothing that signs with a node's
 * accounts (eth_sendTransaction, eth_sign, personal_*), administers a node (admin_*, debug_*, miner_*,
 * txpool_*) or manipulates a test chain (anvil_*, hardhat_*, evm_*) is ever forwarded.
 */
const ALLOWED = new Set([
  "web3_clientVersion",
  "net_version",
  "net_listening",
  "eth_chainId",
  "eth_syncing",
  "eth_blockNumber",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_blobBaseFee",
  "eth_feeHistory",
  "eth_getBalance",
  "eth_getCode",
  "eth_getStorageAt",
  "eth_getProof",
  "eth_getTransactionCount",
  "eth_getBlockByNumber",
  "eth_getBlockByHash",
  "eth_getBlockReceipts",
  "eth_getBlockTransactionCountByHash",
  "eth_getBlockTransactionCountByNumber",
  "eth_getTransactionByHash",
  "eth_getTransactionByBlockHashAndIndex",
  "eth_getTransactionByBlockNumberAndIndex",
  "eth_getTransactionReceipt",
  "eth_getLogs",
  "eth_call",
  "eth_estimateGas",
  "eth_createAccessList",
  "eth_sendRawTransaction",
]);

export function isAllowedMethod(method: string): boolean {
  return ALLOWED.has(method);
}

/** Methods that exist on Ethereum nodes but are refused here, told apart from names no node knows. */
const KNOWN_PREFIXES =
  /^(eth|net|web3|personal|admin|debug|miner|txpool|anvil|hardhat|evm|engine|trace|parity|erigon|wallet)_/;

export function isKnownMethod(method: string): boolean {
  return KNOWN_PREFIXES.test(method);
}
