// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {TwoStepOwnable} from "./TwoStepOwnable.sol";

/// @title Pause for new stakes
/// @notice The owner can stop new stakes (an incident, a fee rotation, a migration). The pause guards only the
/// functions that take new deposits: unstaking, withdrawing and claiming never check it, so a pause can never
/// hold a staker's funds.
abstract contract StakePausable is TwoStepOwnable {
    /// @notice True while new stakes are refused.
    bool public stakingPaused;

    event StakingPaused(address indexed by);
    event StakingUnpaused(address indexed by);

    error StakingIsPaused();

    modifier whenStakingOpen() {
        if (stakingPaused) revert StakingIsPaused();
        _;
    }

    /// @notice Refuses new stakes until unpauseStaking. Only the owner.
    function pauseStaking() external onlyOwner {
        stakingPaused = true;
        emit StakingPaused(msg.sender);
    }

    /// @notice Accepts new stakes again. Only the owner.
    function unpauseStaking() external onlyOwner {
        stakingPaused = false;
        emit StakingUnpaused(msg.sender);
    }
}
