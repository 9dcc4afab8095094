// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20Transfers} from "./IERC20Transfers.sol";
import {ISSVViews} from "./ISSVViews.sol";
import {SSVClusters} from "./SSVClusters.sol";
import {TwoStepOwnable} from "./TwoStepOwnable.sol";

/// @title SSV network of the local devnet
/// @notice Operators, validators and clusters with the SSV Network's function signatures, events, errors and
/// per-block fee accounting, written from its published ABI and documentation. Like the real SSVNetwork it
/// answers the view functions itself too; SSVNetworkViews reads them from here. The owner (the DAO on
/// mainnet) sets the network fee, the liquidation threshold period, the minimum collateral and the maximum
/// operator fee, with the DAO's function names and events.
/// @dev Differs from mainnet's: not upgradeable; ownership is TwoStepOwnable (NotOwner errors); no operator
/// whitelists (a private operator takes validators only from its owner), no operator fee declarations or
/// earnings withdrawals (a removed operator's earnings are paid out), no validator exits and no limit of
/// validators per operator.
contract SSVNetwork is SSVClusters, TwoStepOwnable, ISSVViews {
    event NetworkFeeUpdated(uint256 oldFee, uint256 newFee);
    event LiquidationThresholdPeriodUpdated(uint64 value);
    event MinimumLiquidationCollateralUpdated(uint256 value);
    event OperatorMaximumFeeUpdated(uint64 maxFee);

    /// @param initialOwner sets the network parameters (call the update functions before registering).
    /// @param token the SSV token fees are paid in.
    constructor(address initialOwner, IERC20Transfers token) TwoStepOwnable(initialOwner) {
        ssvToken = token;
    }

    /// @notice Sets the network fee per validator per block (a multiple of 10^7 wei); fees accrued so far
    /// stay at the old rate.
    function updateNetworkFee(uint256 fee) external onlyOwner {
        uint64 shrunk = _shrink(fee);
        _settleNetwork();
        emit NetworkFeeUpdated(_expand(networkFee), fee);
        networkFee = shrunk;
    }

    /// @notice Sets how many blocks of fees a cluster must keep covered.
    function updateLiquidationThresholdPeriod(uint64 blocks) external onlyOwner {
        liquidationThresholdPeriod = blocks;
        emit LiquidationThresholdPeriodUpdated(blocks);
    }

    /// @notice Sets the least balance a cluster must keep (a multiple of 10^7 wei).
    function updateMinimumLiquidationCollateral(uint256 amount) external onlyOwner {
        minimumLiquidationCollateral = _shrink(amount);
        emit MinimumLiquidationCollateralUpdated(amount);
    }

    /// @notice Sets the highest fee an operator may register with, in SSV wei per block.
    function updateMaximumOperatorFee(uint64 maxFee) external onlyOwner {
        maximumOperatorFee = maxFee;
        emit OperatorMaximumFeeUpdated(maxFee);
    }

    function getValidator(address owner_, bytes calldata publicKey) external view returns (bool) {
        return validators[keccak256(abi.encodePacked(publicKey, owner_))] != bytes32(0);
    }

    function getOperatorFee(uint64 operatorId) external view returns (uint256) {
        Operator memory operator = operators[operatorId];
        if (operator.owner == address(0)) revert OperatorDoesNotExist();
        return _expand(operator.fee);
    }

    function getOperatorById(
        uint64 operatorId
    ) external view returns (address, uint256, uint32, address, bool, bool) {
        Operator memory operator = operators[operatorId];
        bool active = operator.snapshot.block != 0;
        return (operator.owner, _expand(operator.fee), operator.validatorCount, address(0), operator.isPrivate, active);
    }

    function isLiquidatable(
        address owner_,
        uint64[] calldata operatorIds,
        Cluster memory cluster
    ) external view returns (bool) {
        _validateCluster(owner_, operatorIds, cluster);
        if (!cluster.active) return false;
        (uint64 clusterIndex, uint64 operatorsFee) = _operatorsNow(operatorIds);
        _settleCluster(cluster, clusterIndex, _networkIndexNow());
        return _isLiquidatable(cluster.balance, cluster.validatorCount, operatorsFee);
    }

    function isLiquidated(
        address owner_,
        uint64[] memory operatorIds,
        Cluster memory cluster
    ) external view returns (bool) {
        _validateCluster(owner_, operatorIds, cluster);
        return !cluster.active;
    }

    function getBurnRate(
        address owner_,
        uint64[] memory operatorIds,
        Cluster memory cluster
    ) external view returns (uint256) {
        _validateCluster(owner_, operatorIds, cluster);
        (, uint64 operatorsFee) = _operatorsNow(operatorIds);
        return _expand(operatorsFee + networkFee) * cluster.validatorCount;
    }

    function getBalance(
        address owner_,
        uint64[] memory operatorIds,
        Cluster memory cluster
    ) external view returns (uint256) {
        _validateCluster(owner_, operatorIds, cluster);
        if (!cluster.active) revert ClusterIsLiquidated();
        (uint64 clusterIndex, ) = _operatorsNow(operatorIds);
        _settleCluster(cluster, clusterIndex, _networkIndexNow());
        return cluster.balance;
    }

    function getNetworkFee() external view returns (uint256) {
        return _expand(networkFee);
    }

    function getNetworkEarnings() external view returns (uint256) {
        uint64 blocks = uint64(block.number - networkIndexBlock);
        return _expand(networkEarnings + blocks * networkFee * networkValidatorCount);
    }

    function getMaximumOperatorFee() external view returns (uint64) {
        return maximumOperatorFee;
    }

    function getLiquidationThresholdPeriod() external view returns (uint64) {
        return liquidationThresholdPeriod;
    }

    function getMinimumLiquidationCollateral() external view returns (uint256) {
        return _expand(minimumLiquidationCollateral);
    }

    function getNetworkValidatorsCount() external view returns (uint32) {
        return networkValidatorCount;
    }
}
