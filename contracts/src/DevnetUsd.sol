// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {DevnetErc20} from "./DevnetErc20.sol";

/// @title Devnet stablecoin with 6 decimals, like USDC
contract DevnetUsd is DevnetErc20 {
    function name() external pure override returns (string memory) {
        return "Devnet USD";
    }

    function symbol() external pure override returns (string memory) {
        return "dUSD";
    }

    function decimals() external pure override returns (uint8) {
        return 6;
    }
}
