import { type Address, bytesToHex, type Hex } from "viem";
import { depositContractAbi } from "../../../contracts/generated/index.ts";
import { depositContractAddress } from "../../../devnet/addresses.ts";
import { withdrawalCredentials } from "../../../src/core/deposit/index.ts";
import type { LocalStack } from "./local-stack.ts";

/** The withdrawal credentials of `type` that pay out to `owner`, as the deposit contract logs them. */
export const credentialsOf = (type: "0x01" | "0x02", owner: Address): Hex =>
  bytesToHex(withdrawalCredentials(type, owner));

/** The deposit contract's little-endian 8-byte gwei amount, as a number of ETH. */
export const ethOf = (amount: Hex) =>
  Number(BigInt(`0x${[...(amount.slice(2).match(/../g) ?? [])].reverse().join("")}`)) / 1e9;

/** Every DepositEvent on the stack's Ethereum devnet whose withdrawal credentials are `credentials`. */
export async function depositsTo(stack: LocalStack, credentials: Hex) {
  const events = await stack.devnet.ethereum.client.getContractEvents({
    address: depositContractAddress,
    abi: depositContractAbi,
    eventName: "DepositEvent",
    fromBlock: 0n,
  });
  return events.filter((event) => event.args.withdrawal_credentials === credentials);
}
