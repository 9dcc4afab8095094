// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ISSVViews} from "./ISSVViews.sol";

/// @title Read contract of the devnet SSV network
/// @notice Like the SSV Network's SSVNetworkViews, a separate address answering the read functions of one
/// SSVNetwork, which keeps the state.
contract SSVNetworkViews is ISSVViews {
    /// @notice The network read from.
    ISSVViews public ssvNetwork;

    constructor(ISSVViews network) {
        ssvNetwork = network;
    }

    function getValidator(address owner, bytes calldata publicKey) external view returns (bool) {
        return ssvNetwork.getValidator(owner, publicKey);
    }

    function getOperatorFee(uint64 operatorId) external view returns (uint256) {
        return ssvNetwork.getOperatorFee(operatorId);
    }

    function getOperatorById(
        uint64 operatorId
    ) external view returns (address, uint256, uint32, address, bool, bool) {
        return ssvNetwork.getOperatorById(operatorId);
    }

    function isLiquidatable(
        address owner,
        uint64[] calldata operatorIds,
        Cluster memory cluster
    ) external view returns (bool) {
        return ssvNetwork.isLiquidatable(owner, operatorIds, cluster);
    }

    function isLiquidated(
        address owner,
        uint64[] memory operatorIds,
        Cluster memory cluster
    ) external view returns (bool) {
        return ssvNetwork.isLiquidated(owner, operatorIds, cluster);
    }

    function getBurnRate(
        address owner,
        uint64[] memory operatorIds,
        Cluster memory cluster
    ) external view returns (uint256) {
        return ssvNetwork.getBurnRate(owner, operatorIds, cluster);
    }

    function getBalance(
        address owner,
        uint64[] memory operatorIds,
        Cluster memory cluster
    ) external view returns (uint256) {
        return ssvNetwork.getBalance(owner, operatorIds, cluster);
    }

    function getNetworkFee() external view returns (uint256) {
        return ssvNetwork.getNetworkFee();
    }

    function getNetworkEarnings() external view returns (uint256) {
        return ssvNetwork.getNetworkEarnings();
    }

    function getMaximumOperatorFee() external view returns (uint64) {
        return ssvNetwork.getMaximumOperatorFee();
    }

    function getLiquidationThresholdPeriod() external view returns (uint64) {
        return ssvNetwork.getLiquidationThresholdPeriod();
    }

    function getMinimumLiquidationCollateral() external view returns (uint256) {
        return ssvNetwork.getMinimumLiquidationCollateral();
    }

    function getNetworkValidatorsCount() external view returns (uint32) {
        return ssvNetwork.getNetworkValidatorsCount();
    }
}
