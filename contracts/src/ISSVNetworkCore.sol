// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Types and errors shared by the devnet SSV network and its views
/// @notice Written from the SSV Network's published ABI: the Cluster struct and the error names and arguments
/// are the ones SSVNetwork and SSVNetworkViews use on mainnet, so callers decode the same reverts.
interface ISSVNetworkCore {
    /// @notice A cluster's state as last written: callers pass it back with every call on the cluster, and
    /// the contract checks it against the hash it stored (IncorrectClusterState when it differs).
    struct Cluster {
        /// @dev Validators registered in the cluster.
        uint32 validatorCount;
        /// @dev The network fee index when the cluster's balance was last settled.
        uint64 networkFeeIndex;
        /// @dev The sum of its operators' indexes when the balance was last settled.
        uint64 index;
        /// @dev false once liquidated, until reactivated.
        bool active;
        /// @dev SSV (wei) left to pay fees with, as of the last settlement.
        uint256 balance;
    }

    error CallerNotOwnerWithData(address caller, address owner);
    error CallerNotWhitelistedWithData(uint64 operatorId);
    error FeeTooLow();
    error FeeTooHigh();
    error OperatorDoesNotExist();
    error OperatorAlreadyExists();
    error InsufficientBalance();
    error ValidatorDoesNotExist();
    error ClusterNotLiquidatable();
    error InvalidPublicKeyLength();
    error InvalidOperatorIdsLength();
    error ClusterAlreadyEnabled();
    error ClusterIsLiquidated();
    error ClusterDoesNotExists();
    error IncorrectClusterState();
    error UnsortedOperatorsList();
    error OperatorsListNotUnique();
    error TokenTransferFailed();
    error MaxValueExceeded();
    error PublicKeysSharesLengthMismatch();
    error EmptyPublicKeysList();
    error IncorrectValidatorStateWithData(bytes publicKey);
    error ValidatorAlreadyExistsWithData(bytes publicKey);
}
