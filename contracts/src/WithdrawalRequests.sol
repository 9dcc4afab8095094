// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ExecutionRequestQueue} from "./ExecutionRequestQueue.sol";

/// @title EIP-7002 withdrawal-request contract (devnet version)
/// @notice Installed at 0x00000961Ef480Eb55e80D19ad83579A64c007002. Input: validator pubkey (48 bytes) ++
/// amount in gwei (uint64, big-endian; 0 requests a full exit). Log: source address ++ input (76 bytes).
contract WithdrawalRequests is ExecutionRequestQueue {
    function _inputLength() internal pure override returns (uint256) {
        return 56;
    }

    function _targetPerBlock() internal pure override returns (uint256) {
        return 2;
    }
}
