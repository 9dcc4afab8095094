// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Shared logic of the EIP-7002 and EIP-7251 request contracts (devnet version)
/// @notice Call interface of the system contracts: empty calldata (and no value) returns the current fee as
/// 32 bytes; calldata of exactly `_inputLength()` bytes with msg.value >= fee adds a request and emits an
/// anonymous log (LOG0) whose data is the caller's address (20 bytes) followed by the input.
/// Any other input, and a fee query that sends value, reverts.
/// @dev The fee follows the EIPs: fake_exponential(MIN_FEE = 1 wei, excess, FEE_UPDATE_FRACTION = 17).
/// Documented differences from the real system contracts:
/// - On a real chain the end-of-block system call updates the excess (excess = max(0, excess + count - TARGET))
///   and dequeues requests for the consensus layer. Anvil makes no such call, so this contract applies the
///   same update lazily, the first time it is touched in a later block (one step for the last block with
///   requests, then minus TARGET for every empty block after it). It keeps no queue: the devnet's
///   consensus-layer stand-in reads the logs instead.
/// - The fee getter answers with the fee of the next block (the latest block's requests included): that is
///   what a real node answers to an eth_call after that block's system call, while anvil runs eth_call in the
///   latest block's context, before the lazy update. Inside a transaction that reads the fee and adds a request
///   in the same block, the getter can answer more than the fee charged, never less.
/// - Gas does not depend on which block a request lands in (one packed storage slot, fee loop of at least
///   64 rounds), so an eth_estimateGas run against the latest block is enough for the next one.
abstract contract ExecutionRequestQueue {
    uint256 private constant MIN_FEE = 1;
    uint256 private constant FEE_UPDATE_FRACTION = 17;
    uint256 private constant MIN_FEE_ROUNDS = 64;

    struct State {
        uint128 excess; // excess at the start of countBlock
        uint64 count; // requests added in countBlock
        uint64 countBlock; // last block with requests
    }

    State private state;

    function _inputLength() internal pure virtual returns (uint256);

    function _targetPerBlock() internal pure virtual returns (uint256);

    fallback(bytes calldata input) external payable returns (bytes memory) {
        State memory s = state;
        if (input.length == 0) {
            require(msg.value == 0);
            return abi.encode(_fee(_excessAtStartOf(s, block.number + 1)));
        }
        require(input.length == _inputLength());
        uint256 current = _excessAtStartOf(s, block.number);
        require(msg.value >= _fee(current));
        uint256 count = s.countBlock == block.number ? s.count + 1 : 1;
        state = State(uint128(current), uint64(count), uint64(block.number));
        bytes memory data = abi.encodePacked(msg.sender, input);
        assembly {
            log0(add(data, 32), mload(data))
        }
        return "";
    }

    /// @dev The excess the system call would leave for `blockNumber`.
    function _excessAtStartOf(State memory s, uint256 blockNumber) private pure returns (uint256) {
        if (s.count == 0 || blockNumber <= s.countBlock) return s.excess;
        uint256 target = _targetPerBlock();
        uint256 value = s.excess + s.count > target ? s.excess + s.count - target : 0;
        uint256 decay = (blockNumber - s.countBlock - 1) * target;
        return value > decay ? value - decay : 0;
    }

    /// @dev fake_exponential(MIN_FEE, excess, FEE_UPDATE_FRACTION) from the EIPs. Extra rounds add zero.
    function _fee(uint256 numerator) private pure returns (uint256) {
        uint256 i = 1;
        uint256 output = 0;
        uint256 accumulator = MIN_FEE * FEE_UPDATE_FRACTION;
        while (accumulator > 0 || i <= MIN_FEE_ROUNDS) {
            output += accumulator;
            accumulator = (accumulator * numerator) / (FEE_UPDATE_FRACTION * i);
            i += 1;
        }
        return output / FEE_UPDATE_FRACTION;
    }
}
