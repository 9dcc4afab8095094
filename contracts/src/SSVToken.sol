// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {DevnetErc20} from "./DevnetErc20.sol";

/// @title SSV token of the local devnet
/// @notice Stands in for the SSV Network token (ERC-20, 18 decimals) that pays operator and network fees. Anyone
/// may mint on the devnet; on mainnet and Hoodi the real token is used.
contract SSVToken is DevnetErc20 {
    function name() external pure override returns (string memory) {
        return "SSV Token";
    }

    function symbol() external pure override returns (string memory) {
        return "SSV";
    }

    function decimals() external pure override returns (uint8) {
        return 18;
    }
}
