// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {StakePausable} from "./StakePausable.sol";
import {TwoStepOwnable} from "./TwoStepOwnable.sol";

/// @title Delegation pool (devnet), shaped like the Conflux eSpace PoS pool
/// @notice Users stake whole votes of `voteUnit` wei. Staked votes are "locking" for `lockPeriod` seconds,
/// then "locked" (they can be unstaked). Unstaked votes are "unlocking" for `lockPeriod` seconds, then
/// "unlocked" (they can be withdrawn). Available votes (locking + locked) earn interest at `aprBasisPoints`
/// per year, per second, paid from the pool's interest reserve (whatever it holds beyond staked principal).
/// @dev Differences from the Conflux pool: time is block.timestamp seconds (Conflux counts blocks), so tests
/// can move it with evm_increaseTime; the interest rate is fixed at deployment instead of coming from PoS
/// rewards, and the reserve is funded with fundInterest(); the owner moves in two steps and can pause new
/// stakes (never unstaking, withdrawing or claiming interest), which the Conflux pool does not offer.
contract DelegationPool is StakePausable {
    struct UserSummary {
        uint256 votes; // locking + locked + unlocking + unlocked
        uint256 available; // locking + locked
        uint256 locked;
        uint256 unlocked;
        uint256 claimedInterest;
        uint256 currentInterest;
    }

    struct PoolSummary {
        uint256 available; // votes staked and not unstaked, all users
        uint256 interest; // interest reserve not yet owed to anyone, in wei
        uint256 totalInterest; // interest claimed by all users, in wei
    }

    struct QueueNode {
        uint256 votePower;
        uint256 endTime;
    }

    struct User {
        uint256 votes;
        uint256 available;
        uint256 accruedInterest;
        uint256 lastAccrual;
        uint256 claimedInterest;
    }

    uint256 public voteUnit;
    uint64 public lockPeriod;
    uint32 public aprBasisPoints;
    string public poolName;

    uint256 public totalVotes;
    uint256 public totalAvailable;
    uint256 public totalClaimedInterest;
    mapping(address => User) private users;
    mapping(address => QueueNode[]) private inQueue;
    mapping(address => QueueNode[]) private outQueue;
    mapping(address => uint256) private outHead;

    event IncreasePoSStake(address indexed user, uint256 votePower);
    event DecreasePoSStake(address indexed user, uint256 votePower);
    event WithdrawStake(address indexed user, uint256 votePower);
    event ClaimInterest(address indexed user, uint256 amount);
    event InterestFunded(address indexed from, uint256 amount);
    event LockPeriodChanged(uint64 previousLockPeriod, uint64 newLockPeriod);

    error ZeroVoteUnit();
    error ZeroVotes();
    error ZeroAmount();
    error WrongValue(uint256 expected, uint256 actual);
    error NotEnoughLockedVotes(uint256 requested, uint256 locked);
    error NotEnoughUnlockedVotes(uint256 requested, uint256 unlocked);
    error NotEnoughInterest(uint256 requested, uint256 available);
    error InterestReserveTooLow(uint256 requested, uint256 reserve);
    error TransferFailed();

    /// @param initialOwner Changes the lock period and the pause.
    /// @param unit Wei per vote (Conflux: 1000 CFX); cannot change later.
    /// @param period Seconds staked votes stay locking and unstaked votes stay unlocking.
    /// @param apr Yearly interest in basis points (1000 = 10%); cannot change later, so no accrued interest is
    /// ever recomputed at another rate.
    /// @param name Shown by the app.
    constructor(address initialOwner, uint256 unit, uint64 period, uint32 apr, string memory name)
        TwoStepOwnable(initialOwner)
    {
        if (unit == 0) revert ZeroVoteUnit();
        voteUnit = unit;
        lockPeriod = period;
        aprBasisPoints = apr;
        poolName = name;
        emit LockPeriodChanged(0, period);
    }

    /// @notice Stakes `votePower` votes; msg.value must be exactly votePower * voteUnit.
    function increaseStake(uint64 votePower) external payable whenStakingOpen {
        if (votePower == 0) revert ZeroVotes();
        uint256 expected = uint256(votePower) * voteUnit;
        if (msg.value != expected) revert WrongValue(expected, msg.value);
        User storage user = _accrue(msg.sender);
        user.votes += votePower;
        user.available += votePower;
        totalVotes += votePower;
        totalAvailable += votePower;
        inQueue[msg.sender].push(QueueNode(votePower, block.timestamp + lockPeriod));
        emit IncreasePoSStake(msg.sender, votePower);
    }

    /// @notice Starts unstaking `votePower` locked votes; they can be withdrawn after the lock period.
    function decreaseStake(uint64 votePower) external {
        if (votePower == 0) revert ZeroVotes();
        uint256 locked = _locked(msg.sender);
        if (votePower > locked) revert NotEnoughLockedVotes(votePower, locked);
        User storage user = _accrue(msg.sender);
        user.available -= votePower;
        totalAvailable -= votePower;
        outQueue[msg.sender].push(QueueNode(votePower, block.timestamp + lockPeriod));
        emit DecreasePoSStake(msg.sender, votePower);
    }

    /// @notice Pays back `votePower` unlocked votes.
    function withdrawStake(uint64 votePower) external {
        if (votePower == 0) revert ZeroVotes();
        uint256 unlocked = _unlocked(msg.sender);
        if (votePower > unlocked) revert NotEnoughUnlockedVotes(votePower, unlocked);
        QueueNode[] storage queue = outQueue[msg.sender];
        uint256 head = outHead[msg.sender];
        uint256 left = votePower;
        while (left > 0) {
            QueueNode storage node = queue[head];
            uint256 take = node.votePower < left ? node.votePower : left;
            node.votePower -= take;
            left -= take;
            if (node.votePower == 0) head++;
        }
        outHead[msg.sender] = head;
        users[msg.sender].votes -= votePower;
        totalVotes -= votePower;
        emit WithdrawStake(msg.sender, votePower);
        _pay(msg.sender, uint256(votePower) * voteUnit);
    }

    /// @notice Pays `amount` wei of the caller's interest.
    function claimInterest(uint256 amount) public {
        if (amount == 0) revert ZeroAmount();
        User storage user = _accrue(msg.sender);
        if (amount > user.accruedInterest) revert NotEnoughInterest(amount, user.accruedInterest);
        uint256 reserve = address(this).balance - totalVotes * voteUnit;
        if (amount > reserve) revert InterestReserveTooLow(amount, reserve);
        user.accruedInterest -= amount;
        user.claimedInterest += amount;
        totalClaimedInterest += amount;
        emit ClaimInterest(msg.sender, amount);
        _pay(msg.sender, amount);
    }

    /// @notice Pays all of the caller's interest.
    function claimAllInterest() external {
        claimInterest(userInterest(msg.sender));
    }

    /// @notice Adds msg.value to the interest reserve.
    function fundInterest() external payable {
        emit InterestFunded(msg.sender, msg.value);
    }

    /// @notice Sets the lock period for stakes and unstakes from now on (batches already queued keep theirs).
    /// Only the owner.
    function setLockPeriod(uint64 period) external onlyOwner {
        emit LockPeriodChanged(lockPeriod, period);
        lockPeriod = period;
    }

    function userInterest(address account) public view returns (uint256) {
        User storage user = users[account];
        return user.accruedInterest + _pending(user);
    }

    function userSummary(address account) external view returns (UserSummary memory) {
        User storage user = users[account];
        return UserSummary({
            votes: user.votes,
            available: user.available,
            locked: _locked(account),
            unlocked: _unlocked(account),
            claimedInterest: user.claimedInterest,
            currentInterest: userInterest(account)
        });
    }

    function poolSummary() external view returns (PoolSummary memory) {
        return PoolSummary({
            available: totalAvailable,
            interest: address(this).balance - totalVotes * voteUnit,
            totalInterest: totalClaimedInterest
        });
    }

    /// @notice Annual interest rate in basis points (1000 = 10%).
    function poolAPY() external view returns (uint32) {
        return aprBasisPoints;
    }

    /// @notice Lock period in seconds (the Conflux pool's name for it).
    function _poolLockPeriod() external view returns (uint64) {
        return lockPeriod;
    }

    /// @notice Staked votes still locking, with the time each batch becomes locked.
    function userInQueue(address account) external view returns (QueueNode[] memory) {
        return _pendingNodes(inQueue[account], 0);
    }

    /// @notice Unstaked votes not yet withdrawn, with the time each batch becomes unlocked.
    function userOutQueue(address account) external view returns (QueueNode[] memory) {
        return _pendingNodes(outQueue[account], outHead[account]);
    }

    function _pendingNodes(QueueNode[] storage queue, uint256 head) private view returns (QueueNode[] memory) {
        uint256 n;
        for (uint256 i = head; i < queue.length; i++) {
            if (queue[i].votePower > 0 && queue[i].endTime > block.timestamp) n++;
        }
        QueueNode[] memory nodes = new QueueNode[](n);
        n = 0;
        for (uint256 i = head; i < queue.length; i++) {
            if (queue[i].votePower > 0 && queue[i].endTime > block.timestamp) nodes[n++] = queue[i];
        }
        return nodes;
    }

    /// @dev Available votes whose staking lock has ended (unstaking takes from these).
    function _locked(address account) private view returns (uint256) {
        QueueNode[] storage queue = inQueue[account];
        uint256 locking;
        for (uint256 i = 0; i < queue.length; i++) {
            if (queue[i].endTime > block.timestamp) locking += queue[i].votePower;
        }
        uint256 available = users[account].available;
        return available > locking ? available - locking : 0;
    }

    /// @dev Unstaked votes whose unstaking lock has ended and that are not withdrawn yet.
    function _unlocked(address account) private view returns (uint256) {
        QueueNode[] storage queue = outQueue[account];
        uint256 unlocked;
        for (uint256 i = outHead[account]; i < queue.length && queue[i].endTime <= block.timestamp; i++) {
            unlocked += queue[i].votePower;
        }
        return unlocked;
    }

    function _pending(User storage user) private view returns (uint256) {
        if (user.lastAccrual == 0) return 0;
        uint256 elapsed = block.timestamp - user.lastAccrual;
        return (user.available * voteUnit * aprBasisPoints * elapsed) / (10_000 * 365 days);
    }

    function _accrue(address account) private returns (User storage user) {
        user = users[account];
        user.accruedInterest += _pending(user);
        user.lastAccrual = block.timestamp;
    }

    function _pay(address to, uint256 amount) private {
        (bool ok,) = payable(to).call{value: amount}("");
        if (!ok) revert TransferFailed();
    }
}
