// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IDepositContract} from "./DepositContract.sol";
import {StakePausable} from "./StakePausable.sol";
import {TwoStepOwnable} from "./TwoStepOwnable.sol";

/// @title Batch staking contract ("ETH staking")
/// @notice Stakes several 0x01 validators (32 ETH each) or one 0x02 compounding validator (32 to 2048 ETH)
/// in one transaction through the deposit contract, and collects the provider's service fee per validator.
/// The transaction value must be exact: nothing is refunded silently.
/// @dev Differences from mainnet batch-deposit contracts (e.g. the Figment / Kiln batch depositors): the fee is a
/// flat amount per validator paid with the deposit (not a share of rewards), the value must match exactly
/// (no refund), the owner moves in two steps (no renounce), and a pause stops new stakes only (nothing else
/// here holds a staker's funds). The deposit contract address is the canonical one of mainnet and Hoodi.
contract EthStaking is StakePausable {
    IDepositContract public constant DEPOSIT_CONTRACT = IDepositContract(0x00000000219ab540356cBB839Cbe05303d7705Fa);
    uint256 public constant DEPOSIT_AMOUNT = 32 ether;
    uint256 public constant MIN_COMPOUNDING_AMOUNT = 32 ether;
    uint256 public constant MAX_COMPOUNDING_AMOUNT = 2048 ether;

    /// @notice Service fee charged per validator, in wei.
    uint256 public feePerValidator;

    event Staked(address indexed owner, uint256 validators, uint256 depositAmount, uint256 fee);
    /// @notice One per validator deposited, right after its deposit contract DepositEvent: `owner` is the caller
    /// (the account that staked, e.g. a Safe or a smart account, not whoever paid the gas), with the validator's
    /// public key, the withdrawal credentials its deposit carried and its amount in wei. The provider attributes a
    /// validator and its execution-layer rewards by this event only.
    event ValidatorDeposited(address indexed owner, bytes pubkey, bytes32 withdrawalCredentials, uint256 amount);
    event FeesWithdrawn(address indexed to, uint256 amount);
    event FeeChanged(uint256 previousFee, uint256 newFee);

    error NoValidators();
    error LengthMismatch(uint256 pubkeys, uint256 signatures, uint256 depositDataRoots);
    error WrongCredentialsType(bytes1 expected, bytes1 actual);
    error WrongValue(uint256 expected, uint256 actual);
    error AmountOutOfRange(uint256 amount, uint256 min, uint256 max);
    error AmountNotWholeGwei(uint256 amount);
    error TransferFailed();

    /// @param initialOwner Changes the fee and the pause and withdraws the collected fees.
    /// @param initialFee Service fee per validator, in wei.
    constructor(address initialOwner, uint256 initialFee) TwoStepOwnable(initialOwner) {
        feePerValidator = initialFee;
        emit FeeChanged(0, initialFee);
    }

    /// @notice Stakes pubkeys.length validators of 32 ETH with the same 0x01 withdrawal credentials.
    /// msg.value must be exactly pubkeys.length * (32 ETH + feePerValidator).
    function stake(
        bytes[] calldata pubkeys,
        bytes32 withdrawalCredentials,
        bytes[] calldata signatures,
        bytes32[] calldata depositDataRoots
    ) external payable whenStakingOpen {
        uint256 count = pubkeys.length;
        if (count == 0) revert NoValidators();
        if (signatures.length != count || depositDataRoots.length != count) {
            revert LengthMismatch(count, signatures.length, depositDataRoots.length);
        }
        if (withdrawalCredentials[0] != 0x01) revert WrongCredentialsType(0x01, withdrawalCredentials[0]);
        uint256 fee = count * feePerValidator;
        uint256 expected = count * DEPOSIT_AMOUNT + fee;
        if (msg.value != expected) revert WrongValue(expected, msg.value);

        bytes memory credentials = abi.encodePacked(withdrawalCredentials);
        for (uint256 i = 0; i < count; i++) {
            DEPOSIT_CONTRACT.deposit{value: DEPOSIT_AMOUNT}(pubkeys[i], credentials, signatures[i], depositDataRoots[i]);
            emit ValidatorDeposited(msg.sender, pubkeys[i], withdrawalCredentials, DEPOSIT_AMOUNT);
        }
        emit Staked(msg.sender, count, count * DEPOSIT_AMOUNT, fee);
    }

    /// @notice Stakes one compounding (0x02) validator with `amount` wei (32 to 2048 ETH, whole gwei).
    /// msg.value must be exactly amount + feePerValidator.
    function stakeCompounding(
        bytes calldata pubkey,
        bytes32 withdrawalCredentials,
        bytes calldata signature,
        bytes32 depositDataRoot,
        uint256 amount
    ) external payable whenStakingOpen {
        if (withdrawalCredentials[0] != 0x02) revert WrongCredentialsType(0x02, withdrawalCredentials[0]);
        if (amount < MIN_COMPOUNDING_AMOUNT || amount > MAX_COMPOUNDING_AMOUNT) {
            revert AmountOutOfRange(amount, MIN_COMPOUNDING_AMOUNT, MAX_COMPOUNDING_AMOUNT);
        }
        if (amount % 1 gwei != 0) revert AmountNotWholeGwei(amount);
        uint256 fee = feePerValidator;
        if (msg.value != amount + fee) revert WrongValue(amount + fee, msg.value);

        DEPOSIT_CONTRACT.deposit{value: amount}(
            pubkey, abi.encodePacked(withdrawalCredentials), signature, depositDataRoot
        );
        emit ValidatorDeposited(msg.sender, pubkey, withdrawalCredentials, amount);
        emit Staked(msg.sender, 1, amount, fee);
    }

    /// @notice Sets the service fee per validator for stakes from now on. Only the owner. A stake signed for the
    /// old fee reverts with WrongValue instead of paying the new one.
    function setFeePerValidator(uint256 newFee) external onlyOwner {
        emit FeeChanged(feePerValidator, newFee);
        feePerValidator = newFee;
    }

    /// @notice Sends all collected fees to `to`. Only the owner.
    function withdrawFees(address payable to) external onlyOwner {
        uint256 amount = address(this).balance;
        emit FeesWithdrawn(to, amount);
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert TransferFailed();
    }
}
