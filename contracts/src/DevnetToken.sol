// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {DevnetErc20} from "./DevnetErc20.sol";

/// @title Devnet token with 18 decimals
contract DevnetToken is DevnetErc20 {
    function name() external pure override returns (string memory) {
        return "Devnet Token";
    }

    function symbol() external pure override returns (string memory) {
        return "DVT";
    }

    function decimals() external pure override returns (uint8) {
        return 18;
    }
}
