import { parseAbi } from "viem";

/**
 * The part of the SSVNetwork and SSVNetworkViews ABI the server reads: the events the indexer keeps and the
 * views the cluster figures come from, as the real contracts publish them.
 */
export const ssvNetworkAbi = parseAbi([
  "struct Cluster { uint32 validatorCount; uint64 networkFeeIndex; uint64 index; bool active; uint256 balance; }",
  "event OperatorAdded(uint64 indexed operatorId, address indexed owner, bytes publicKey, uint256 fee)",
  "event OperatorRemoved(uint64 indexed operatorId)",
  "event OperatorFeeExecuted(address indexed owner, uint64 indexed operatorId, uint256 blockNumber, uint256 fee)",
  "event ValidatorAdded(address indexed owner, uint64[] operatorIds, bytes publicKey, bytes shares, Cluster cluster)",
  "event ValidatorRemoved(address indexed owner, uint64[] operatorIds, bytes publicKey, Cluster cluster)",
  "event ClusterDeposited(address indexed owner, uint64[] operatorIds, uint256 value, Cluster cluster)",
  "event ClusterWithdrawn(address indexed owner, uint64[] operatorIds, uint256 value, Cluster cluster)",
  "event ClusterLiquidated(address indexed owner, uint64[] operatorIds, Cluster cluster)",
  "event ClusterReactivated(address indexed owner, uint64[] operatorIds, Cluster cluster)",
  "function getBalance(address clusterOwner, uint64[] operatorIds, Cluster cluster) view returns (uint256)",
  "function getBurnRate(address clusterOwner, uint64[] operatorIds, Cluster cluster) view returns (uint256)",
  "function getNetworkFee() view returns (uint256)",
  "function getLiquidationThresholdPeriod() view returns (uint64)",
  "function getMinimumLiquidationCollateral() view returns (uint256)",
]);
