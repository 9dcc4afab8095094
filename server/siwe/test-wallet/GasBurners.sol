// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice A hostile ERC-6492 factory for signature-check tests: its deploy never returns, it burns every unit of
/// gas the call is given (a verifier without a gas cap pays the node's whole call budget for it).
contract BurningWalletFactory {
    uint256 public rounds;

    function deploy(address, bytes32) external returns (address) {
        rounds += 1;
        uint256 spin;
        while (true) {
            spin += 1;
        }
        return address(uint160(spin));
    }
}

/// @notice A hostile EIP-1271 wallet: isValidSignature never returns.
contract BurningWallet {
    function isValidSignature(bytes32, bytes calldata) external view returns (bytes4) {
        uint256 spent;
        while (true) {
            spent += gasleft();
        }
        return bytes4(uint32(spent));
    }
}
