import { type Address, getAddress, parseUnits } from "viem";
import type { TokenBalance } from "../../core/api/blockchain-api.ts";
import { KitError } from "../errors/kit-error.ts";
import { isCaipAddress, isEvmAddress } from "../validation/addresses.ts";

/** What the user entered on the send panel. */
export interface SendDraft {
  readonly token: TokenBalance | undefined;
  readonly amount: string;
  readonly receiver: string;
}

/** A draft that can be sent: the token, the amount in its base units and the receiver's checksummed address. */
export interface SendOrder {
  readonly token: TokenBalance;
  /** ERC-20 contract; undefined for the native coin. */
  readonly tokenAddress: Address | undefined;
  readonly value: bigint;
  readonly to: Address;
}

/** Why a draft cannot be sent; `message` is the spec's English text where the spec has one. */
export class SendFormError extends KitError {
  override name = "SendFormError";
}

/** Spec section 9: sending is supported on eip155 and solana; this kit's one adapter is eip155. */
const SEND_NAMESPACES = ["eip155"];
const AMOUNT = /^\d+(\.\d+)?$/;

/**
 * Checks a send draft (spec section 5): an amount and a receiver ('An amount and receiver address are
 * required'), a token ('A token is required'), a namespace sending supports ('Unsupported chain'), an EVM
 * address by the address rule, and an amount above zero the balance covers.
 */
export function checkSendDraft(draft: SendDraft, namespace: string): SendOrder {
  if (!SEND_NAMESPACES.includes(namespace))
    throw new SendFormError("Unsupported chain", "modalKit.errors.unsupportedChain");
  const amount = draft.amount.trim();
  const receiver = draft.receiver.trim();
  if (!amount || !receiver) {
    throw new SendFormError("An amount and receiver address are required", "modalKit.errors.sendAmountAndReceiver");
  }
  const { token } = draft;
  if (!token) throw new SendFormError("A token is required", "modalKit.errors.sendTokenRequired");
  if (!isEvmAddress(receiver)) {
    throw new SendFormError(`Invalid receiver address: ${receiver}`, "modalKit.errors.sendInvalidAddress");
  }
  const decimals = Number(token.quantity.decimals);
  const fraction = amount.split(".")[1] ?? "";
  if (!AMOUNT.test(amount) || fraction.length > decimals) {
    throw new SendFormError(`Invalid amount: ${amount}`, "modalKit.errors.sendInvalidAmount", {
      values: { decimals },
    });
  }
  const value = parseUnits(amount, decimals);
  if (value === 0n) throw new SendFormError("The amount must be above zero", "modalKit.errors.sendZeroAmount");
  if (value > parseUnits(token.quantity.numeric, decimals)) {
    throw new SendFormError(`Insufficient ${token.symbol} balance`, "modalKit.errors.sendInsufficient", {
      values: { symbol: token.symbol },
    });
  }
  const digits = receiver.replace(/^0x/i, "");
  // The balance service names tokens by CAIP-10 address ("eip155:1:0x…"); the native coin has none.
  const contract = token.address?.split(":").at(-1) ?? "";
  if (token.address !== undefined && !(isCaipAddress(token.address) && isEvmAddress(contract))) {
    throw new SendFormError(`Invalid token address: ${token.address}`, "modalKit.errors.sendFailed");
  }
  const tokenAddress =
    token.address === undefined ? undefined : getAddress(`0x${contract.replace(/^0x/i, "").toLowerCase()}`);
  return { token, tokenAddress, value, to: getAddress(`0x${digits.toLowerCase()}`) };
}
