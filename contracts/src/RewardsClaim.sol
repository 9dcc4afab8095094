// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Execution-layer rewards claim contract
/// @notice Rewards accrue per owner (the validators' fee recipient); each owner claims its own balance.
/// @dev Needs no constructor state: the devnet accrues rewards by calling accrue / accrueMany.
contract RewardsClaim {
    /// @notice Rewards an owner can claim now, in wei.
    mapping(address => uint256) public claimable;
    /// @notice Rewards an owner has claimed so far, in wei.
    mapping(address => uint256) public claimed;

    event Accrued(address indexed owner, uint256 amount);
    event Claimed(address indexed owner, uint256 amount);

    error ZeroAmount();
    error ZeroOwner();
    error LengthMismatch(uint256 owners, uint256 amounts);
    error WrongValue(uint256 expected, uint256 actual);
    error NothingToClaim();
    error TransferFailed();

    /// @notice Credits msg.value to `owner`.
    function accrue(address owner) external payable {
        _accrue(owner, msg.value);
    }

    /// @notice Credits amounts[i] to owners[i]; msg.value must be their exact sum.
    function accrueMany(address[] calldata owners, uint256[] calldata amounts) external payable {
        if (owners.length != amounts.length) revert LengthMismatch(owners.length, amounts.length);
        uint256 total;
        for (uint256 i = 0; i < owners.length; i++) {
            total += amounts[i];
        }
        if (msg.value != total) revert WrongValue(total, msg.value);
        for (uint256 i = 0; i < owners.length; i++) {
            _accrue(owners[i], amounts[i]);
        }
    }

    /// @notice Pays the caller everything it can claim.
    function claim() external {
        uint256 amount = claimable[msg.sender];
        if (amount == 0) revert NothingToClaim();
        claimable[msg.sender] = 0;
        claimed[msg.sender] += amount;
        emit Claimed(msg.sender, amount);
        (bool ok,) = payable(msg.sender).call{value: amount}("");
        if (!ok) revert TransferFailed();
    }

    function _accrue(address owner, uint256 amount) private {
        if (owner == address(0)) revert ZeroOwner();
        if (amount == 0) revert ZeroAmount();
        claimable[owner] += amount;
        emit Accrued(owner, amount);
    }
}
