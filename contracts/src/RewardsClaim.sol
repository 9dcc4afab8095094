// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {TwoStepOwnable} from "./TwoStepOwnable.sol";

/// @title Execution-layer rewards claim contract
/// @notice The validators' fee recipient. Ether arrives unallocated (plain transfers, and priority fees and MEV
/// payments credited by block production, which run no code); the owner allocates it to stakers, and each
/// staker claims its own allocated balance. A claim can only ever pay allocated ether, and allocation can
/// never exceed what is unallocated, so every staker's balance is always backed.
/// @dev Differences from mainnet fee-recipient splitters (e.g. Lido's execution-layer rewards vault): the split
/// among stakers is computed off chain and written by the owner (allocate / allocateMany) instead of by a
/// fixed formula; anyone may still credit a staker with their own ether (accrue / accrueMany). There is no
/// pause: nothing here takes new stakes, and claims must never stop.
contract RewardsClaim is TwoStepOwnable {
    /// @notice Rewards an owner can claim now, in wei.
    mapping(address => uint256) public claimable;
    /// @notice Rewards an owner has claimed so far, in wei.
    mapping(address => uint256) public claimed;
    /// @notice Sum of every staker's claimable balance, in wei.
    uint256 public totalAllocated;

    event Received(address indexed from, uint256 amount);
    event Accrued(address indexed owner, uint256 amount);
    event Claimed(address indexed owner, uint256 amount);

    error ZeroAmount();
    error ZeroOwner();
    error LengthMismatch(uint256 owners, uint256 amounts);
    error WrongValue(uint256 expected, uint256 actual);
    error NotEnoughUnallocated(uint256 requested, uint256 unallocated);
    error NothingToClaim();
    error TransferFailed();

    /// @param initialOwner Allocates received rewards to stakers.
    constructor(address initialOwner) TwoStepOwnable(initialOwner) {}

    /// @notice Takes plain ether transfers as unallocated rewards.
    receive() external payable {
        emit Received(msg.sender, msg.value);
    }

    /// @notice Ether held that no staker can claim yet, in wei.
    function totalUnallocated() public view returns (uint256) {
        return address(this).balance - totalAllocated;
    }

    /// @notice Moves `amount` wei of unallocated rewards to `owner`'s claimable balance. Only the owner.
    function allocate(address owner, uint256 amount) external onlyOwner {
        _requireUnallocated(amount);
        _accrue(owner, amount);
    }

    /// @notice Moves amounts[i] wei of unallocated rewards to owners[i]. Only the owner.
    function allocateMany(address[] calldata owners, uint256[] calldata amounts) external onlyOwner {
        _requireUnallocated(_sum(owners, amounts));
        for (uint256 i = 0; i < owners.length; i++) {
            _accrue(owners[i], amounts[i]);
        }
    }

    /// @notice Credits msg.value to `owner`.
    function accrue(address owner) external payable {
        _accrue(owner, msg.value);
    }

    /// @notice Credits amounts[i] to owners[i]; msg.value must be their exact sum.
    function accrueMany(address[] calldata owners, uint256[] calldata amounts) external payable {
        uint256 total = _sum(owners, amounts);
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
        totalAllocated -= amount;
        emit Claimed(msg.sender, amount);
        (bool ok,) = payable(msg.sender).call{value: amount}("");
        if (!ok) revert TransferFailed();
    }

    function _requireUnallocated(uint256 amount) private view {
        uint256 unallocated = totalUnallocated();
        if (amount > unallocated) revert NotEnoughUnallocated(amount, unallocated);
    }

    function _sum(address[] calldata owners, uint256[] calldata amounts) private pure returns (uint256 total) {
        if (owners.length != amounts.length) revert LengthMismatch(owners.length, amounts.length);
        for (uint256 i = 0; i < amounts.length; i++) {
            total += amounts[i];
        }
    }

    function _accrue(address owner, uint256 amount) private {
        if (owner == address(0)) revert ZeroOwner();
        if (amount == 0) revert ZeroAmount();
        claimable[owner] += amount;
        totalAllocated += amount;
        emit Accrued(owner, amount);
    }
}
