// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title ERC-20 token of the local devnet
/// @notice A plain ERC-20 (EIP-20) whose name, symbol and decimals come from the token that extends it.
/// @dev Installed with anvil_setCode, so it needs no constructor state. Anyone may mint: it exists only on the
/// local devnet, to give dev accounts balances and activity.
abstract contract DevnetErc20 {
    /// @notice Tokens held by each account, in the token's smallest unit.
    mapping(address => uint256) public balanceOf;
    /// @notice Tokens a spender may move for an owner.
    mapping(address => mapping(address => uint256)) public allowance;
    /// @notice Tokens in existence.
    uint256 public totalSupply;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error InsufficientBalance(uint256 balance, uint256 needed);
    error InsufficientAllowance(uint256 allowance, uint256 needed);
    error ZeroReceiver();

    function name() external pure virtual returns (string memory);

    function symbol() external pure virtual returns (string memory);

    function decimals() external pure virtual returns (uint8);

    /// @notice Creates `amount` tokens for `to` (devnet only: anyone may call it).
    function mint(address to, uint256 amount) external {
        if (to == address(0)) revert ZeroReceiver();
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < amount) revert InsufficientAllowance(allowed, amount);
            allowance[from][msg.sender] = allowed - amount;
        }
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        if (to == address(0)) revert ZeroReceiver();
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(balance, amount);
        balanceOf[from] = balance - amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
