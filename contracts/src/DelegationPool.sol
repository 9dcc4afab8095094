// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {StakePausable} from "./StakePausable.sol";
import {TwoStepOwnable} from "./TwoStepOwnable.sol";

/// @title Delegation pool (devnet), shaped like the Conflux eSpace PoS pool, without its whole-vote minimum
/// @notice Users stake (increaseStake) any amount of at least MINIMUM_STAKE wei (0.001 CFX); each position is kept in wei. The
/// pool itself stakes whole votes of `voteUnit` wei (Conflux: 1000 CFX) on its PoS side: `poolVotes` is always
/// the whole votes that all users' available stake adds up to (floor(totalAvailable / voteUnit)), raised as
/// deposits accumulate and lowered as users unstake. What is not yet a whole vote stays the users' (it is
/// unstaked and withdrawn like the rest).
///
/// Interest rule: the pool earns only on its whole votes, at `aprBasisPoints` a year, per second; what they earn
/// is shared among all available stake in proportion to each position's wei. So every staked wei earns
/// aprBasisPoints × (poolVotes × voteUnit) / totalAvailable: the full rate once the pool's stake is a whole
/// number of votes, less while part of it waits for the next vote, and nothing while the whole pool holds less
/// than one vote. Interest is rounded down (at most a few wei per position), so the pool never owes more than
/// its votes earned. It is paid from the pool's interest reserve (whatever it holds beyond users' stake).
///
/// Staked amounts are "locking" for `lockPeriod` seconds, then "locked" (they can be unstaked). Unstaked
/// amounts are "unlocking" for `lockPeriod` seconds, then "unlocked" (they can be withdrawn).
/// @dev Differences from the Conflux pool: its increaseStake(), decreaseStake(uint256) and withdrawStake(uint256)
/// take amounts in wei (the value sent, or the argument) where the Conflux pool's take a uint64 votePower of
/// whole votes paid at 1000 CFX each (other selectors, so a call made for the Conflux ABI reverts here); its
/// summaries and queues are in wei, with the pool's whole votes in poolVotes, and its events are Staked,
/// Unstaked and Withdrawn with amounts (Conflux: IncreasePoSStake, DecreasePoSStake, WithdrawStake with votes); on the devnet there is no PoS chain, so
/// the pool's votes are the count it keeps (and the CFX stays in this contract), which is what interest
/// follows. Time is block.timestamp seconds (Conflux counts blocks), so tests can move it with
/// evm_increaseTime; the interest rate is fixed at deployment instead of coming from PoS rewards, and the
/// reserve is funded with fundInterest(); the owner moves in two steps and can pause new stakes (never
/// unstaking, withdrawing or claiming interest), which the Conflux pool does not offer.
contract DelegationPool is StakePausable {
    /// @notice The smallest stake the pool takes, in wei (0.001 CFX): anything less is dust.
    uint256 public constant MINIMUM_STAKE = 1e15;

    /// @dev Scale of the interest-per-wei accumulator (interest per wei, times 1e27).
    uint256 private constant ACC_SCALE = 1e27;

    struct UserSummary {
        uint256 total; // wei not withdrawn: locking + locked + unlocking + unlocked
        uint256 available; // wei locking + locked: what earns interest
        uint256 locked; // wei past the stake lock: can be unstaked
        uint256 unlocked; // wei past the unstake lock: can be withdrawn
        uint256 claimedInterest;
        uint256 currentInterest;
    }

    struct PoolSummary {
        uint256 staked; // wei available (locking + locked), all users
        uint256 votes; // whole votes of voteUnit the pool stakes on its PoS side
        uint256 interest; // interest reserve: what the pool holds beyond users' stake, in wei
        uint256 totalInterest; // interest claimed by all users, in wei
    }

    struct QueueNode {
        uint256 amount; // wei
        uint256 endTime;
    }

    struct User {
        uint256 total;
        uint256 available;
        uint256 accruedInterest;
        uint256 interestPerWeiPaid;
        uint256 claimedInterest;
    }

    uint256 public voteUnit;
    uint64 public lockPeriod;
    uint32 public aprBasisPoints;
    string public poolName;

    /// @notice Wei of all users not withdrawn yet.
    uint256 public totalPrincipal;
    /// @notice Wei of all users staked and not unstaked (earning).
    uint256 public totalAvailable;
    /// @notice Whole votes the pool stakes: floor(totalAvailable / voteUnit).
    uint256 public poolVotes;
    uint256 public totalClaimedInterest;
    uint256 private interestPerWei;
    uint256 private lastPoolAccrual;
    mapping(address => User) private users;
    mapping(address => QueueNode[]) private inQueue;
    mapping(address => QueueNode[]) private outQueue;
    mapping(address => uint256) private outHead;

    event Staked(address indexed user, uint256 amount);
    event Unstaked(address indexed user, uint256 amount);
    event Withdrawn(address indexed user, uint256 amount);
    /// @notice The pool's whole votes on its PoS side changed (deposits made up a new vote, or unstakes took one).
    event PoolVotesChanged(uint256 previousVotes, uint256 votes);
    event ClaimInterest(address indexed user, uint256 amount);
    event InterestFunded(address indexed from, uint256 amount);
    event LockPeriodChanged(uint64 previousLockPeriod, uint64 newLockPeriod);

    error ZeroVoteUnit();
    error ZeroAmount();
    error BelowMinimumStake(uint256 minimum, uint256 amount);
    error NotEnoughLocked(uint256 requested, uint256 locked);
    error NotEnoughUnlocked(uint256 requested, uint256 unlocked);
    error NotEnoughInterest(uint256 requested, uint256 available);
    error InterestReserveTooLow(uint256 requested, uint256 reserve);
    error TransferFailed();

    /// @param initialOwner Changes the lock period and the pause.
    /// @param unit Wei per vote the pool stakes on its PoS side (Conflux: 1000 CFX); cannot change later.
    /// @param period Seconds stakes stay locking and unstakes stay unlocking.
    /// @param apr Yearly interest on the pool's votes in basis points (1000 = 10%); cannot change later, so no
    /// accrued interest is ever recomputed at another rate.
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

    /// @notice Stakes msg.value wei (at least MINIMUM_STAKE); it locks for the lock period, earning by the rule
    /// above from now on.
    function increaseStake() external payable whenStakingOpen {
        if (msg.value < MINIMUM_STAKE) revert BelowMinimumStake(MINIMUM_STAKE, msg.value);
        User storage user = _accrue(msg.sender);
        user.total += msg.value;
        user.available += msg.value;
        totalPrincipal += msg.value;
        totalAvailable += msg.value;
        inQueue[msg.sender].push(QueueNode(msg.value, block.timestamp + lockPeriod));
        emit Staked(msg.sender, msg.value);
        _updateVotes();
    }

    /// @notice Starts unstaking `amount` wei of the caller's locked stake; it can be withdrawn after the lock
    /// period and earns nothing meanwhile.
    function decreaseStake(uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        uint256 locked = _locked(msg.sender);
        if (amount > locked) revert NotEnoughLocked(amount, locked);
        User storage user = _accrue(msg.sender);
        user.available -= amount;
        totalAvailable -= amount;
        outQueue[msg.sender].push(QueueNode(amount, block.timestamp + lockPeriod));
        emit Unstaked(msg.sender, amount);
        _updateVotes();
    }

    /// @notice Pays back `amount` wei of the caller's unlocked stake.
    function withdrawStake(uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        uint256 unlocked = _unlocked(msg.sender);
        if (amount > unlocked) revert NotEnoughUnlocked(amount, unlocked);
        QueueNode[] storage queue = outQueue[msg.sender];
        uint256 head = outHead[msg.sender];
        uint256 left = amount;
        while (left > 0) {
            QueueNode storage node = queue[head];
            uint256 take = node.amount < left ? node.amount : left;
            node.amount -= take;
            left -= take;
            if (node.amount == 0) head++;
        }
        outHead[msg.sender] = head;
        users[msg.sender].total -= amount;
        totalPrincipal -= amount;
        emit Withdrawn(msg.sender, amount);
        _pay(msg.sender, amount);
    }

    /// @notice Pays `amount` wei of the caller's interest.
    function claimInterest(uint256 amount) public {
        if (amount == 0) revert ZeroAmount();
        User storage user = _accrue(msg.sender);
        if (amount > user.accruedInterest) revert NotEnoughInterest(amount, user.accruedInterest);
        uint256 reserve = address(this).balance - totalPrincipal;
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
        return user.accruedInterest + _pending(user, _interestPerWeiNow());
    }

    function userSummary(address account) external view returns (UserSummary memory) {
        User storage user = users[account];
        return UserSummary({
            total: user.total,
            available: user.available,
            locked: _locked(account),
            unlocked: _unlocked(account),
            claimedInterest: user.claimedInterest,
            currentInterest: userInterest(account)
        });
    }

    function poolSummary() external view returns (PoolSummary memory) {
        return PoolSummary({
            staked: totalAvailable,
            votes: poolVotes,
            interest: address(this).balance - totalPrincipal,
            totalInterest: totalClaimedInterest
        });
    }

    /// @notice Annual interest rate on the pool's votes in basis points (1000 = 10%).
    function poolAPY() external view returns (uint32) {
        return aprBasisPoints;
    }

    /// @notice Lock period in seconds (the Conflux pool's name for it).
    function _poolLockPeriod() external view returns (uint64) {
        return lockPeriod;
    }

    /// @notice Staked amounts still locking, with the time each batch becomes locked.
    function userInQueue(address account) external view returns (QueueNode[] memory) {
        return _pendingNodes(inQueue[account], 0);
    }

    /// @notice Unstaked amounts not yet withdrawn, with the time each batch becomes unlocked.
    function userOutQueue(address account) external view returns (QueueNode[] memory) {
        return _pendingNodes(outQueue[account], outHead[account]);
    }

    function _pendingNodes(QueueNode[] storage queue, uint256 head) private view returns (QueueNode[] memory) {
        uint256 n;
        for (uint256 i = head; i < queue.length; i++) {
            if (queue[i].amount > 0 && queue[i].endTime > block.timestamp) n++;
        }
        QueueNode[] memory nodes = new QueueNode[](n);
        n = 0;
        for (uint256 i = head; i < queue.length; i++) {
            if (queue[i].amount > 0 && queue[i].endTime > block.timestamp) nodes[n++] = queue[i];
        }
        return nodes;
    }

    /// @dev Available wei whose staking lock has ended (unstaking takes from these).
    function _locked(address account) private view returns (uint256) {
        QueueNode[] storage queue = inQueue[account];
        uint256 locking;
        for (uint256 i = 0; i < queue.length; i++) {
            if (queue[i].endTime > block.timestamp) locking += queue[i].amount;
        }
        uint256 available = users[account].available;
        return available > locking ? available - locking : 0;
    }

    /// @dev Unstaked wei whose unstaking lock has ended and that is not withdrawn yet.
    function _unlocked(address account) private view returns (uint256) {
        QueueNode[] storage queue = outQueue[account];
        uint256 unlocked;
        for (uint256 i = outHead[account]; i < queue.length && queue[i].endTime <= block.timestamp; i++) {
            unlocked += queue[i].amount;
        }
        return unlocked;
    }

    /// @dev Interest per available wei (× ACC_SCALE) accumulated up to now: the pool's votes earn the rate and
    /// it is spread over all available wei.
    function _interestPerWeiNow() private view returns (uint256) {
        if (totalAvailable == 0 || poolVotes == 0) return interestPerWei;
        uint256 elapsed = block.timestamp - lastPoolAccrual;
        return interestPerWei
            + (poolVotes * voteUnit * aprBasisPoints * elapsed * ACC_SCALE) / (10_000 * 365 days * totalAvailable);
    }

    function _pending(User storage user, uint256 perWei) private view returns (uint256) {
        return (user.available * (perWei - user.interestPerWeiPaid)) / ACC_SCALE;
    }

    /// @dev Brings the pool's accumulator and the account's interest up to now, before either changes.
    function _accrue(address account) private returns (User storage user) {
        interestPerWei = _interestPerWeiNow();
        lastPoolAccrual = block.timestamp;
        user = users[account];
        user.accruedInterest += _pending(user, interestPerWei);
        user.interestPerWeiPaid = interestPerWei;
    }

    /// @dev Stakes or unstakes whole votes on the pool's side so they match the available stake.
    function _updateVotes() private {
        uint256 votes = totalAvailable / voteUnit;
        if (votes == poolVotes) return;
        emit PoolVotesChanged(poolVotes, votes);
        poolVotes = votes;
    }

    function _pay(address to, uint256 amount) private {
        (bool ok,) = payable(to).call{value: amount}("");
        if (!ok) revert TransferFailed();
    }
}
