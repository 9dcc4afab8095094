// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ISSVNetworkCore} from "./ISSVNetworkCore.sol";

/// @title Read functions of the SSV network
/// @notice The subset of SSVNetworkViews' published ABI that the app and server read, same names, arguments
/// and return values. Amounts are SSV wei; fees are per validator per block.
interface ISSVViews is ISSVNetworkCore {
    /// @notice Whether `owner` registered the validator `publicKey` (and has not removed it).
    function getValidator(address owner, bytes calldata publicKey) external view returns (bool);

    /// @notice The operator's fee; reverts with OperatorDoesNotExist for an unknown id.
    function getOperatorFee(uint64 operatorId) external view returns (uint256 fee);

    /// @notice An operator as stored; zeros for an unknown id, active false once removed.
    function getOperatorById(
        uint64 operatorId
    )
        external
        view
        returns (
            address owner,
            uint256 fee,
            uint32 validatorCount,
            address whitelistedAddress,
            bool isPrivate,
            bool active
        );

    function isLiquidatable(
        address owner,
        uint64[] calldata operatorIds,
        Cluster memory cluster
    ) external view returns (bool isLiquidatable);

    function isLiquidated(
        address owner,
        uint64[] memory operatorIds,
        Cluster memory cluster
    ) external view returns (bool isLiquidated);

    /// @notice SSV wei the cluster burns per block: (operators' fees + network fee) x validators.
    function getBurnRate(
        address owner,
        uint64[] memory operatorIds,
        Cluster memory cluster
    ) external view returns (uint256 burnRate);

    /// @notice The cluster's balance at this block; reverts with ClusterIsLiquidated for a liquidated one.
    function getBalance(
        address owner,
        uint64[] memory operatorIds,
        Cluster memory cluster
    ) external view returns (uint256 balance);

    function getNetworkFee() external view returns (uint256 networkFee);

    function getNetworkEarnings() external view returns (uint256 networkEarnings);

    function getMaximumOperatorFee() external view returns (uint64);

    function getLiquidationThresholdPeriod() external view returns (uint64 blocks);

    function getMinimumLiquidationCollateral() external view returns (uint256 amount);

    function getNetworkValidatorsCount() external view returns (uint32 validatorsCount);
}
