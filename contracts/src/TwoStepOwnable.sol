// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Two-step ownership
/// @notice The owner names a pending owner; ownership moves only when that address accepts, so a typo in the
/// new owner's address cannot lock the contract. Same flow and events as OpenZeppelin's Ownable2Step, with
/// custom errors that carry the caller. There is no renounceOwnership: an owner-less contract could never be
/// unpaused or have its fees withdrawn.
abstract contract TwoStepOwnable {
    /// @notice The account allowed to change fees, terms and the pause, and to withdraw fees.
    address public owner;
    /// @notice The account named by transferOwnership that has not accepted yet (zero when none).
    address public pendingOwner;

    event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error NotOwner(address caller);
    error NotPendingOwner(address caller);
    error InvalidOwner(address owner);

    constructor(address initialOwner) {
        if (initialOwner == address(0)) revert InvalidOwner(initialOwner);
        owner = initialOwner;
        emit OwnershipTransferred(address(0), initialOwner);
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    /// @notice Names `newOwner` as pending owner; the current owner keeps every right until it accepts.
    /// Naming the zero address cancels a pending transfer.
    function transferOwnership(address newOwner) external onlyOwner {
        pendingOwner = newOwner;
        emit OwnershipTransferStarted(owner, newOwner);
    }

    /// @notice The pending owner takes over.
    function acceptOwnership() external {
        if (msg.sender != pendingOwner || msg.sender == address(0)) revert NotPendingOwner(msg.sender);
        address previous = owner;
        owner = msg.sender;
        pendingOwner = address(0);
        emit OwnershipTransferred(previous, msg.sender);
    }
}
