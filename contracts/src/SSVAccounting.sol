// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20Transfers} from "./IERC20Transfers.sol";
import {ISSVNetworkCore} from "./ISSVNetworkCore.sol";

/// @title State and fee accounting of the devnet SSV network
/// @notice Fees accrue per block. Each operator keeps an index (the fee per validator it has earned since it
/// registered) and the network keeps one for the network fee; a cluster remembers the sum of its operators'
/// indexes and the network index at its last settlement, so what it owes since then is
/// (operators' index growth + network index growth) x validators. Fees and indexes are stored divided by 10^7
/// (uint64), like the SSV Network's, so a fee must be a multiple of 10^7 wei.
abstract contract SSVAccounting is ISSVNetworkCore {
    /// @notice Fees and indexes are kept in units of 10^7 wei.
    uint256 internal constant DEDUCTED_DIGITS = 10_000_000;

    /// @notice An operator's earnings as of `block`.
    struct Snapshot {
        uint32 block;
        /// @dev Fee per validator earned since registration (units of 10^7 wei).
        uint64 index;
        /// @dev Earnings not paid out yet (units of 10^7 wei).
        uint64 balance;
    }

    struct Operator {
        uint32 validatorCount;
        /// @dev Fee per validator per block, in units of 10^7 wei.
        uint64 fee;
        address owner;
        /// @dev Private operators take validators only from their owner on this devnet network.
        bool isPrivate;
        /// @dev snapshot.block is zero once the operator is removed.
        Snapshot snapshot;
    }

    /// @notice The token fees are paid in.
    IERC20Transfers internal ssvToken;

    mapping(uint64 operatorId => Operator) internal operators;
    mapping(bytes32 publicKeyHash => uint64 operatorId) internal operatorIdByPublicKey;
    uint64 internal lastOperatorId;

    /// @notice keccak256(owner, operatorIds) => keccak256 of the cluster's state.
    mapping(bytes32 clusterId => bytes32 stateHash) internal clusters;
    /// @notice keccak256(publicKey, owner) => keccak256(operatorIds) with its lowest bit set.
    mapping(bytes32 validatorId => bytes32 operatorIdsHash) internal validators;

    /// @notice Network fee per validator per block (units of 10^7 wei) and its index; the index starts
    /// counting when the first fee is set.
    uint64 internal networkFee;
    uint64 internal networkIndex;
    uint32 internal networkIndexBlock;
    /// @notice Network fees earned so far (units of 10^7 wei) and the validators paying them.
    uint64 internal networkEarnings;
    uint32 internal networkValidatorCount;

    /// @notice Blocks of fees a cluster must keep covered, and the least balance it must keep (units of 10^7 wei).
    uint64 internal liquidationThresholdPeriod;
    uint64 internal minimumLiquidationCollateral;
    /// @notice The highest operator fee, in SSV wei per block.
    uint64 internal maximumOperatorFee;

    function _expand(uint64 value) internal pure returns (uint256) {
        return uint256(value) * DEDUCTED_DIGITS;
    }

    function _shrink(uint256 value) internal pure returns (uint64) {
        require(value % DEDUCTED_DIGITS == 0, "Max precision exceeded");
        if (value / DEDUCTED_DIGITS > type(uint64).max) revert MaxValueExceeded();
        return uint64(value / DEDUCTED_DIGITS);
    }

    function _clusterId(address owner, uint64[] memory operatorIds) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked(owner, operatorIds));
    }

    function _clusterStateHash(Cluster memory cluster) internal pure returns (bytes32) {
        return
            keccak256(
                abi.encodePacked(
                    cluster.validatorCount,
                    cluster.networkFeeIndex,
                    cluster.index,
                    cluster.active,
                    cluster.balance
                )
            );
    }

    /// @notice Checks that `cluster` is the state stored for (owner, operatorIds) and returns the cluster's id.
    function _validateCluster(
        address owner,
        uint64[] memory operatorIds,
        Cluster memory cluster
    ) internal view returns (bytes32 clusterId) {
        clusterId = _clusterId(owner, operatorIds);
        bytes32 stored = clusters[clusterId];
        if (stored == bytes32(0)) revert ClusterDoesNotExists();
        if (stored != _clusterStateHash(cluster)) revert IncorrectClusterState();
    }

    function _storeCluster(bytes32 clusterId, Cluster memory cluster) internal {
        clusters[clusterId] = _clusterStateHash(cluster);
    }

    function _operatorIndexNow(Operator memory operator) internal view returns (uint64) {
        if (operator.snapshot.block == 0) return operator.snapshot.index;
        return operator.snapshot.index + uint64(block.number - operator.snapshot.block) * operator.fee;
    }

    function _networkIndexNow() internal view returns (uint64) {
        return networkIndex + uint64(block.number - networkIndexBlock) * networkFee;
    }

    /// @notice Brings an operator's earnings up to this block (a removed operator stays as it is).
    function _settleOperator(Operator storage operator) internal {
        if (operator.snapshot.block == 0) return;
        uint64 blocks = uint64(block.number - operator.snapshot.block);
        operator.snapshot.balance += blocks * operator.fee * operator.validatorCount;
        operator.snapshot.index += blocks * operator.fee;
        operator.snapshot.block = uint32(block.number);
    }

    /// @notice Brings the network fee index and earnings up to this block.
    function _settleNetwork() internal {
        uint64 blocks = uint64(block.number - networkIndexBlock);
        networkEarnings += blocks * networkFee * networkValidatorCount;
        networkIndex += blocks * networkFee;
        networkIndexBlock = uint32(block.number);
    }

    /**
     * @notice Settles the operators of a cluster and moves `count` validators onto them (`join`) or off them.
     * Returns the sum of their indexes and of their fees (the cluster's burn rate per validator, without the
     * network fee). Removed operators keep their frozen index and charge nothing.
     */
    function _moveValidators(
        uint64[] memory operatorIds,
        uint32 count,
        bool join
    ) internal returns (uint64 clusterIndex, uint64 operatorsFee) {
        for (uint256 i = 0; i < operatorIds.length; ++i) {
            Operator storage operator = operators[operatorIds[i]];
            if (operator.snapshot.block != 0) {
                _settleOperator(operator);
                operator.validatorCount = join ? operator.validatorCount + count : operator.validatorCount - count;
                operatorsFee += operator.fee;
            }
            clusterIndex += operator.snapshot.index;
        }
        _settleNetwork();
        networkValidatorCount = join ? networkValidatorCount + count : networkValidatorCount - count;
    }

    /// @notice The operators' index sum and fee sum at this block, without writing anything.
    function _operatorsNow(
        uint64[] memory operatorIds
    ) internal view returns (uint64 clusterIndex, uint64 operatorsFee) {
        for (uint256 i = 0; i < operatorIds.length; ++i) {
            Operator memory operator = operators[operatorIds[i]];
            clusterIndex += _operatorIndexNow(operator);
            if (operator.snapshot.block != 0) operatorsFee += operator.fee;
        }
    }

    /// @notice Charges the cluster what its validators owe since its last settlement (down to zero at most).
    function _settleCluster(Cluster memory cluster, uint64 clusterIndex, uint64 currentNetworkIndex) internal pure {
        uint256 owed = _expand(
            (clusterIndex - cluster.index + currentNetworkIndex - cluster.networkFeeIndex) * cluster.validatorCount
        );
        cluster.balance = owed > cluster.balance ? 0 : cluster.balance - owed;
        cluster.index = clusterIndex;
        cluster.networkFeeIndex = currentNetworkIndex;
    }

    /**
     * @notice A cluster may be liquidated when its balance is under the minimum collateral, or under the fees
     * its validators burn in the liquidation threshold period.
     */
    function _isLiquidatable(
        uint256 balance,
        uint32 validatorCount,
        uint64 operatorsFee
    ) internal view returns (bool) {
        if (balance < _expand(minimumLiquidationCollateral)) return true;
        uint256 threshold = uint256(liquidationThresholdPeriod) *
            _expand(operatorsFee + networkFee) *
            validatorCount;
        return balance < threshold;
    }

    function _receive(uint256 amount) internal {
        if (amount != 0 && !ssvToken.transferFrom(msg.sender, address(this), amount)) revert TokenTransferFailed();
    }

    function _pay(address to, uint256 amount) internal {
        if (amount != 0 && !ssvToken.transfer(to, amount)) revert TokenTransferFailed();
    }
}
