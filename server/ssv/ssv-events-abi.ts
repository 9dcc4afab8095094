import { parseAbi } from "viem";
import { ssvNetworkAbi } from "../../contracts/generated/index.ts";

/**
 * The SSVNetwork events the indexer reads: the devnet contract's ABI (the real SSVNetwork's, for what the devnet
 * implements) plus OperatorFeeExecuted, which the real network emits when an operator's declared fee change
 * takes effect and the devnet contract, whose fees never change, does not.
 */
export const ssvEventsAbi = [
  ...ssvNetworkAbi,
  ...parseAbi([
    "event OperatorFeeExecuted(address indexed owner, uint64 indexed operatorId, uint256 blockNumber, uint256 fee)",
  ]),
] as const;
