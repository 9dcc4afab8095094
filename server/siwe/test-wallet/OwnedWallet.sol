// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice A minimal smart-contract wallet for sign-in tests: under EIP-1271 it accepts a hash signed by its
/// owner's key, as wallets such as Safe do (with more ceremony).
contract OwnedWallet {
    bytes4 internal constant MAGIC_VALUE = 0x1626ba7e;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(hash, v, r, s) == owner ? MAGIC_VALUE : bytes4(0xffffffff);
    }
}

/// @notice Deploys an OwnedWallet at an address known in advance (CREATE2), as ERC-6492 counterfactual
/// wallets are: the wallet can sign in before it exists.
contract OwnedWalletFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new OwnedWallet{salt: salt}(owner));
    }
}
