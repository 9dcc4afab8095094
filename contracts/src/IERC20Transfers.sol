// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice The two ERC-20 (EIP-20) calls a contract needs to take and pay out a token.
interface IERC20Transfers {
    function transfer(address to, uint256 amount) external returns (bool);

    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}
