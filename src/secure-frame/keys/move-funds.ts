import { formatUnits, type Hex, isHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { USER_REJECTED } from "../../core/embedded-wallet/rpc-methods.ts";
import { chains } from "../../generated/chains.ts";
import { networkName } from "../approval/describe-transaction.ts";
import { FrameRequestError } from "../frame-request-error.ts";
import type { FrameState } from "../frame-state.ts";
import { askApproval, block } from "../ui/dialog.ts";
import { offerRecoveryShare } from "../ui/recovery-dialogs.ts";
import { text } from "../ui/texts.ts";
import { clearMoveRequest } from "./move-request.ts";
import { splitKey } from "./shamir.ts";
import { checkSplit } from "./share-checks.ts";
import { storeSplit } from "./store-split.ts";
import { withAccount } from "./wallet-keys.ts";

/** What the kit read for the move, on the wallet's current chain (hex quantities, as JSON-RPC writes them). */
export interface MoveFundsRequest {
  readonly chainId: Hex;
  /** The wallet's balance in the chain's coin. */
  readonly balance: Hex;
  readonly nonce: Hex;
  readonly maxFeePerGas: Hex;
  readonly maxPriorityFeePerGas: Hex;
}

/** A plain transfer to an address without code costs exactly this much gas. */
const TRANSFER_GAS = 21_000n;

const quantity = (payload: Record<string, unknown> | undefined, name: keyof MoveFundsRequest): bigint => {
  const value = payload?.[name];
  if (typeof value !== "string" || !isHex(value)) throw new FrameRequestError(text("missingField", { field: name }));
  return BigInt(value);
};

function coins(chainId: number, wei: bigint): string {
  const chain = chains.find((candidate) => candidate.id === chainId);
  return chain ? `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}` : `${wei} wei`;
}

/**
 * "Move my funds to a new wallet" (MOVE_FUNDS): a new key made here and split, the balance less the network fee
 * sent to it in one plain transfer signed by the current key, and the account moved to the new wallet (its
 * server share stored with the current key's signature). All of it only after the user approved the transfer,
 * which shows both addresses in full, the amount, the fee and what does not move. The kit broadcasts the signed
 * transfer it gets back; the transfer is signed before the account moves, the account moves before the kit
 * can send anything to the new key, and the new key's shares are stored before its recovery share is shown.
 */
export async function moveFunds(
  state: FrameState,
  payload: Record<string, unknown> | undefined,
): Promise<{ address: `0x${string}`; signedTransaction?: Hex }> {
  const from = state.address;
  if (!from) throw new FrameRequestError(text("notConnected"));
  const chainId = Number(quantity(payload, "chainId"));
  if (chainId !== state.chainId) throw new FrameRequestError(text("wrongChain"));
  const balance = quantity(payload, "balance");
  const maxFeePerGas = quantity(payload, "maxFeePerGas");
  const maxPriorityFeePerGas = quantity(payload, "maxPriorityFeePerGas");
  const nonce = Number(quantity(payload, "nonce"));
  const fee = TRANSFER_GAS * maxFeePerGas;
  const value = balance > fee ? balance - fee : 0n;

  const key = generatePrivateKey();
  const next = privateKeyToAccount(key).address;
  const shares = splitKey(key);
  checkSplit(next, shares);
  const details = block(
    [text("network"), networkName(chainId)],
    [text("moveFrom"), from],
    [text("moveTo"), next],
    [text("amount"), value > 0n ? coins(chainId, value) : text("moveNothing")],
    [text("networkFee"), coins(chainId, value > 0n ? fee : 0n)],
    [text("notMoved"), text("notMovedText")],
  );
  clearMoveRequest();
  if (!(await askApproval(text("moveTitle"), details))) throw new FrameRequestError(USER_REJECTED, { code: 4001 });
  return withAccount(async (account) => {
    if (account.address !== from) throw new FrameRequestError(text("notConnected"));
    const signedTransaction =
      value > 0n
        ? await account.signTransaction({
            type: "eip1559",
            chainId,
            nonce,
            to: next,
            value,
            gas: TRANSFER_GAS,
            maxFeePerGas,
            maxPriorityFeePerGas,
          })
        : undefined;
    await storeSplit(next, shares, account);
    state.address = next;
    await offerRecoveryShare(shares.recovery, { kind: "moved", address: next });
    return { address: next, ...(signedTransaction ? { signedTransaction } : {}) };
  });
}
