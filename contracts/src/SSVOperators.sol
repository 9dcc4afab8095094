// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {SSVAccounting} from "./SSVAccounting.sol";

/// @title Operator registry of the devnet SSV network
/// @notice registerOperator and removeOperator with the SSV Network's signatures, events and errors.
abstract contract SSVOperators is SSVAccounting {
    /// @notice The least non-zero operator fee, in SSV wei per block (as on the SSV Network).
    uint256 private constant MINIMUM_OPERATOR_FEE = 1_000_000_000;

    /// @notice `publicKey` is what the operator registered: the ABI encoding of the base64 text of its RSA
    /// public key in PEM form, as SSV operators register it.
    event OperatorAdded(uint64 indexed operatorId, address indexed owner, bytes publicKey, uint256 fee);
    event OperatorRemoved(uint64 indexed operatorId);
    event OperatorWithdrawn(address indexed owner, uint64 indexed operatorId, uint256 value);
    event OperatorPrivacyStatusUpdated(uint64[] operatorIds, bool toPrivate);

    /**
     * @notice Registers an operator with a fee in SSV wei per validator per block (zero, or between the
     * minimum and maximum operator fee, a multiple of 10^7). A private operator takes validators only from its
     * owner. Returns the new operator's id (ids start at 1).
     */
    function registerOperator(bytes calldata publicKey, uint256 fee, bool setPrivate) external returns (uint64 id) {
        if (fee != 0 && fee < MINIMUM_OPERATOR_FEE) revert FeeTooLow();
        if (fee > maximumOperatorFee) revert FeeTooHigh();
        uint64 shrunkFee = _shrink(fee);
        bytes32 keyHash = keccak256(publicKey);
        if (operatorIdByPublicKey[keyHash] != 0) revert OperatorAlreadyExists();

        id = ++lastOperatorId;
        operatorIdByPublicKey[keyHash] = id;
        operators[id] = Operator({
            validatorCount: 0,
            fee: shrunkFee,
            owner: msg.sender,
            isPrivate: setPrivate,
            snapshot: Snapshot({block: uint32(block.number), index: 0, balance: 0})
        });
        emit OperatorAdded(id, msg.sender, publicKey, fee);
        if (setPrivate) {
            uint64[] memory ids = new uint64[](1);
            ids[0] = id;
            emit OperatorPrivacyStatusUpdated(ids, true);
        }
    }

    /**
     * @notice The operator's owner removes it for good: it stops charging, its clusters keep running on the
     * others, and its unpaid earnings go to the owner.
     */
    function removeOperator(uint64 operatorId) external {
        Operator storage operator = operators[operatorId];
        if (operator.owner == address(0)) revert OperatorDoesNotExist();
        if (operator.owner != msg.sender) revert CallerNotOwnerWithData(msg.sender, operator.owner);
        if (operator.snapshot.block == 0) revert OperatorDoesNotExist();
        _settleOperator(operator);
        uint64 earnings = operator.snapshot.balance;
        operator.snapshot.block = 0;
        operator.snapshot.balance = 0;
        operator.fee = 0;
        if (earnings != 0) {
            _pay(msg.sender, _expand(earnings));
            emit OperatorWithdrawn(msg.sender, operatorId, _expand(earnings));
        }
        emit OperatorRemoved(operatorId);
    }
}
