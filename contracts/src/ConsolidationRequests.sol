// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ExecutionRequestQueue} from "./ExecutionRequestQueue.sol";

/// @title EIP-7251 consolidation-request contract (devnet version)
/// @notice Installed at 0x0000BBdDc7CE488642fb579F8B00f3a590007251. Input: source pubkey (48 bytes) ++
/// target pubkey (48 bytes). Log: source address ++ input (116 bytes).
contract ConsolidationRequests is ExecutionRequestQueue {
    function _inputLength() internal pure override returns (uint256) {
        return 96;
    }

    function _targetPerBlock() internal pure override returns (uint256) {
        return 1;
    }
}
