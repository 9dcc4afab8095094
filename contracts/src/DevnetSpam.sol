// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {DevnetErc20} from "./DevnetErc20.sol";

/// @title Devnet spam token: 0 decimals, sent unasked (wallets drop such tokens as low quality)
contract DevnetSpam is DevnetErc20 {
    function name() external pure override returns (string memory) {
        return "Claim rewards at spam.example";
    }

    function symbol() external pure override returns (string memory) {
        return "SPAM";
    }

    function decimals() external pure override returns (uint8) {
        return 0;
    }
}
