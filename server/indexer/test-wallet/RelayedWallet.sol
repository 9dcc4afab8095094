// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice A minimal smart-contract wallet for staking tests: its owner signs a call off-chain and anyone (a
/// relayer, a Safe's executing signer, an ERC-4337 bundler) sends it. The call comes from the wallet and spends
/// the wallet's ether; only the gas is the sender's.
contract RelayedWallet {
    address public immutable owner;
    uint256 public nonce;

    error BadSignature();
    error CallFailed(bytes reason);

    constructor(address owner_) {
        owner = owner_;
    }

    receive() external payable {}

    /// @notice The hash the owner signs (EIP-191 personal message) to allow one call.
    function callHash(address to, uint256 value, bytes calldata data) public view returns (bytes32) {
        return keccak256(abi.encode(block.chainid, address(this), nonce, to, value, keccak256(data)));
    }

    function execute(address to, uint256 value, bytes calldata data, bytes calldata signature) external {
        bytes32 digest = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", callHash(to, value, data)));
        if (signature.length != 65) revert BadSignature();
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (ecrecover(digest, v, r, s) != owner) revert BadSignature();
        nonce++;
        (bool ok, bytes memory reason) = to.call{value: value}(data);
        if (!ok) revert CallFailed(reason);
    }
}
