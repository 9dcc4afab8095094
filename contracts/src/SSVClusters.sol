// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {SSVOperators} from "./SSVOperators.sol";

/// @title Validators and clusters of the devnet SSV network
/// @notice A cluster is an owner's set of operators (4, 7, 10 or 13 ids, ascending). Registering validators,
/// removing them, depositing, withdrawing, liquidating and reactivating take the cluster's last state (from the
/// previous event) and emit its new one, with the SSV Network's signatures, events and errors. Registering a
/// validator here does not deposit its 32 ETH: that goes through the deposit contract, as on mainnet.
abstract contract SSVClusters is SSVOperators {
    /// @notice `shares` is the sharesData as given (the keyshares file's payload).
    event ValidatorAdded(address indexed owner, uint64[] operatorIds, bytes publicKey, bytes shares, Cluster cluster);
    event ValidatorRemoved(address indexed owner, uint64[] operatorIds, bytes publicKey, Cluster cluster);
    event ClusterLiquidated(address indexed owner, uint64[] operatorIds, Cluster cluster);
    event ClusterReactivated(address indexed owner, uint64[] operatorIds, Cluster cluster);
    event ClusterWithdrawn(address indexed owner, uint64[] operatorIds, uint256 value, Cluster cluster);
    event ClusterDeposited(address indexed owner, uint64[] operatorIds, uint256 value, Cluster cluster);

    /// @notice Registers one validator (48-byte BLS public key) with the caller's cluster on `operatorIds`,
    /// adding `amount` SSV (approved beforehand) to the cluster's balance.
    function registerValidator(
        bytes calldata publicKey,
        uint64[] memory operatorIds,
        bytes calldata sharesData,
        uint256 amount,
        Cluster memory cluster
    ) external {
        Cluster memory updated = _join(operatorIds, 1, amount, cluster);
        _addValidator(publicKey, keccak256(abi.encodePacked(operatorIds)));
        emit ValidatorAdded(msg.sender, operatorIds, publicKey, sharesData, updated);
    }

    /// @notice Registers several validators with one cluster in one transaction; sharesData[i] goes with
    /// publicKeys[i]. Every ValidatorAdded carries the cluster's state after the whole registration.
    function bulkRegisterValidator(
        bytes[] calldata publicKeys,
        uint64[] memory operatorIds,
        bytes[] calldata sharesData,
        uint256 amount,
        Cluster memory cluster
    ) external {
        if (publicKeys.length == 0) revert EmptyPublicKeysList();
        if (publicKeys.length != sharesData.length) revert PublicKeysSharesLengthMismatch();
        Cluster memory updated = _join(operatorIds, uint32(publicKeys.length), amount, cluster);
        bytes32 operatorIdsHash = keccak256(abi.encodePacked(operatorIds));
        for (uint256 i = 0; i < publicKeys.length; ++i) {
            _addValidator(publicKeys[i], operatorIdsHash);
            emit ValidatorAdded(msg.sender, operatorIds, publicKeys[i], sharesData[i], updated);
        }
    }

    /// @notice The owner removes one of its validators from its cluster (the cluster keeps its balance).
    function removeValidator(bytes calldata publicKey, uint64[] memory operatorIds, Cluster memory cluster) external {
        bytes32 validatorId = keccak256(abi.encodePacked(publicKey, msg.sender));
        bytes32 stored = validators[validatorId];
        if (stored == bytes32(0)) revert ValidatorDoesNotExist();
        if (stored != _registered(keccak256(abi.encodePacked(operatorIds)))) {
            revert IncorrectValidatorStateWithData(publicKey);
        }
        bytes32 clusterId = _validateCluster(msg.sender, operatorIds, cluster);
        if (cluster.active) {
            (uint64 clusterIndex, ) = _moveValidators(operatorIds, 1, false);
            _settleCluster(cluster, clusterIndex, networkIndex);
        }
        cluster.validatorCount -= 1;
        delete validators[validatorId];
        _storeCluster(clusterId, cluster);
        emit ValidatorRemoved(msg.sender, operatorIds, publicKey, cluster);
    }

    /**
     * @notice Stops a cluster and pays its remaining balance to the caller. Anyone may liquidate a cluster
     * whose balance fell under the liquidation threshold or the minimum collateral; its owner may at any time.
     */
    function liquidate(address clusterOwner, uint64[] memory operatorIds, Cluster memory cluster) external {
        bytes32 clusterId = _validateCluster(clusterOwner, operatorIds, cluster);
        if (!cluster.active) revert ClusterIsLiquidated();
        (uint64 clusterIndex, uint64 operatorsFee) = _moveValidators(operatorIds, cluster.validatorCount, false);
        _settleCluster(cluster, clusterIndex, networkIndex);
        if (clusterOwner != msg.sender && !_isLiquidatable(cluster.balance, cluster.validatorCount, operatorsFee)) {
            revert ClusterNotLiquidatable();
        }
        uint256 remaining = cluster.balance;
        cluster.active = false;
        cluster.balance = 0;
        cluster.index = 0;
        cluster.networkFeeIndex = 0;
        _storeCluster(clusterId, cluster);
        _pay(msg.sender, remaining);
        emit ClusterLiquidated(clusterOwner, operatorIds, cluster);
    }

    /// @notice The owner restarts a liquidated cluster, adding `amount` SSV; the balance must then cover the
    /// liquidation threshold and the minimum collateral.
    function reactivate(uint64[] memory operatorIds, uint256 amount, Cluster memory cluster) external {
        bytes32 clusterId = _validateCluster(msg.sender, operatorIds, cluster);
        if (cluster.active) revert ClusterAlreadyEnabled();
        (uint64 clusterIndex, uint64 operatorsFee) = _moveValidators(operatorIds, cluster.validatorCount, true);
        cluster.balance += amount;
        cluster.active = true;
        cluster.index = clusterIndex;
        cluster.networkFeeIndex = networkIndex;
        if (_isLiquidatable(cluster.balance, cluster.validatorCount, operatorsFee)) revert InsufficientBalance();
        _storeCluster(clusterId, cluster);
        _receive(amount);
        emit ClusterReactivated(msg.sender, operatorIds, cluster);
    }

    /// @notice Anyone adds `amount` SSV (approved beforehand) to `clusterOwner`'s cluster.
    function deposit(address clusterOwner, uint64[] memory operatorIds, uint256 amount, Cluster memory cluster) external {
        bytes32 clusterId = _validateCluster(clusterOwner, operatorIds, cluster);
        cluster.balance += amount;
        _storeCluster(clusterId, cluster);
        _receive(amount);
        emit ClusterDeposited(clusterOwner, operatorIds, amount, cluster);
    }

    /// @notice The owner takes `amount` SSV out of its cluster, as long as an active cluster stays above the
    /// liquidation threshold and the minimum collateral.
    function withdraw(uint64[] memory operatorIds, uint256 amount, Cluster memory cluster) external {
        bytes32 clusterId = _validateCluster(msg.sender, operatorIds, cluster);
        uint64 operatorsFee;
        if (cluster.active) {
            uint64 clusterIndex;
            (clusterIndex, operatorsFee) = _operatorsNow(operatorIds);
            _settleCluster(cluster, clusterIndex, _networkIndexNow());
        }
        if (cluster.balance < amount) revert InsufficientBalance();
        cluster.balance -= amount;
        if (
            cluster.active &&
            cluster.validatorCount != 0 &&
            _isLiquidatable(cluster.balance, cluster.validatorCount, operatorsFee)
        ) revert InsufficientBalance();
        _storeCluster(clusterId, cluster);
        _pay(msg.sender, amount);
        emit ClusterWithdrawn(msg.sender, operatorIds, amount, cluster);
    }

    /// @notice Checks the operator ids, settles the caller's cluster, adds `count` validators and `amount` SSV,
    /// stores the new state and takes the tokens. A new cluster must be passed as the empty active state.
    function _join(
        uint64[] memory operatorIds,
        uint32 count,
        uint256 amount,
        Cluster memory cluster
    ) private returns (Cluster memory) {
        _checkOperatorIds(operatorIds);
        bytes32 clusterId = _clusterId(msg.sender, operatorIds);
        bytes32 stored = clusters[clusterId];
        if (stored == bytes32(0)) {
            bool empty = cluster.validatorCount == 0 &&
                cluster.networkFeeIndex == 0 &&
                cluster.index == 0 &&
                cluster.balance == 0 &&
                cluster.active;
            if (!empty) revert IncorrectClusterState();
        } else if (stored != _clusterStateHash(cluster)) {
            revert IncorrectClusterState();
        }
        uint64 operatorsFee;
        if (cluster.active) {
            uint64 clusterIndex;
            (clusterIndex, operatorsFee) = _moveValidators(operatorIds, count, true);
            _settleCluster(cluster, clusterIndex, networkIndex);
        }
        cluster.balance += amount;
        cluster.validatorCount += count;
        if (cluster.active && _isLiquidatable(cluster.balance, cluster.validatorCount, operatorsFee)) {
            revert InsufficientBalance();
        }
        _storeCluster(clusterId, cluster);
        _receive(amount);
        return cluster;
    }

    /// @notice 4, 7, 10 or 13 ids, strictly ascending, of registered operators the caller may use.
    function _checkOperatorIds(uint64[] memory operatorIds) private view {
        uint256 length = operatorIds.length;
        if (length < 4 || length > 13 || length % 3 != 1) revert InvalidOperatorIdsLength();
        for (uint256 i = 0; i < length; ++i) {
            uint64 id = operatorIds[i];
            if (i > 0 && id <= operatorIds[i - 1]) {
                if (id == operatorIds[i - 1]) revert OperatorsListNotUnique();
                revert UnsortedOperatorsList();
            }
            Operator storage operator = operators[id];
            if (operator.snapshot.block == 0) revert OperatorDoesNotExist();
            if (operator.isPrivate && operator.owner != msg.sender) revert CallerNotWhitelistedWithData(id);
        }
    }

    function _addValidator(bytes calldata publicKey, bytes32 operatorIdsHash) private {
        if (publicKey.length != 48) revert InvalidPublicKeyLength();
        bytes32 validatorId = keccak256(abi.encodePacked(publicKey, msg.sender));
        if (validators[validatorId] != bytes32(0)) revert ValidatorAlreadyExistsWithData(publicKey);
        validators[validatorId] = _registered(operatorIdsHash);
    }

    function _registered(bytes32 operatorIdsHash) private pure returns (bytes32) {
        return operatorIdsHash | bytes32(uint256(1));
    }
}
