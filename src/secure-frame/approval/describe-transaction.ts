import type { Hex } from "viem";
import type { FrameContractRole } from "../../generated/frame-contracts.ts";
import type { FrameTextKey } from "../ui/texts.ts";
import { text } from "../ui/texts.ts";
import { chainOf, coinAmount, type DetailRow, networkName } from "./chain-terms.ts";
import { describeCall } from "./describe-call.ts";
import { groupedAddress } from "./format-values.ts";
import { contractRole, tokenAt } from "./known-contracts.ts";

export { type DetailRow, networkName } from "./chain-terms.ts";

/** A prepared transaction from the kit (hex quantities, as JSON-RPC writes them). */
export interface PreparedTransaction {
  readonly to?: Hex;
  readonly data?: Hex;
  readonly value?: Hex;
  readonly nonce: Hex;
  readonly gas: Hex;
  readonly maxFeePerGas: Hex;
  readonly maxPriorityFeePerGas: Hex;
  readonly chainId: Hex;
  /** The kit read code at `to` (a label only: nothing signed depends on it). */
  readonly toIsContract?: boolean;
}

/** The most the transaction can cost in fees: its gas limit (the estimate) times its maximum fee per gas. */
const maxFee = (tx: PreparedTransaction) => BigInt(tx.gas) * BigInt(tx.maxFeePerGas);

/**
 * A fee as shown: rounded up to 4 significant digits (0.000043251739944 → 0.00004326), so "at most" stays true
 * and the total (exact amount + this fee) reads the same way. Unchanged on a chain whose coin is not known.
 */
function shownFee(chainId: number, fee: bigint): bigint {
  const decimals = chainOf(chainId)?.nativeCurrency.decimals;
  if (decimals === undefined || fee === 0n) return fee;
  const places = Math.max(0, Math.min(decimals, decimals - fee.toString().length + 4));
  const step = 10n ** BigInt(decimals - places);
  return ((fee + step - 1n) / step) * step;
}
const amountOf = (tx: PreparedTransaction) => BigInt(tx.value ?? "0x0");

const ROLE_TEXT: Record<FrameContractRole, FrameTextKey> = {
  deposit: "roleDeposit",
  ethStaking: "roleEthStaking",
  claim: "roleClaim",
  ssv: "roleSsv",
  ssvNetwork: "roleSsvNetwork",
  withdrawal: "roleWithdrawal",
  consolidation: "roleConsolidation",
  stakingPool: "roleStakingPool",
};

/**
 * The full recipient address, grouped by 4 characters, with what it is when the app's config knows it (a token,
 * the deposit contract, ...) or "(contract)" when the kit found code there.
 */
function recipient(chainId: number, tx: PreparedTransaction): string {
  if (!tx.to) return text("newContract");
  const address = groupedAddress(tx.to);
  const token = tokenAt(chainId, tx.to);
  if (token) return text("knownContract", { address, name: text("tokenContract", { symbol: token.symbol }) });
  const role = contractRole(chainId, tx.to);
  if (role) return text("knownContract", { address, name: text(ROLE_TEXT[role]) });
  return tx.toIsContract ? text("contractAddress", { address }) : address;
}

/** The call's rows: "Function" then its decoded arguments; nothing for a plain transfer. */
function callRows(chainId: number, tx: PreparedTransaction): DetailRow[] {
  const call = describeCall(chainId, tx.to, tx.data);
  return call ? [[text("function"), call.function], ...call.rows] : [];
}

const nonceRow = (tx: PreparedTransaction): DetailRow => [text("nonce"), BigInt(tx.nonce).toString()];

/** What eth_sendTransaction's approval shows: network, recipient, amount, the call, nonce, fee and total. */
export function transactionRows(chainId: number, tx: PreparedTransaction): DetailRow[] {
  const fee = shownFee(chainId, maxFee(tx));
  return [
    [text("network"), networkName(chainId)],
    [text("to"), recipient(chainId, tx)],
    [text("amount"), coinAmount(chainId, amountOf(tx))],
    ...callRows(chainId, tx),
    nonceRow(tx),
    [text("networkFee"), coinAmount(chainId, fee)],
    [text("total"), coinAmount(chainId, amountOf(tx) + fee)],
  ];
}

/** What wallet_sendCalls' single approval shows: the network, every call in order, the fees and the total. */
export function callsRows(chainId: number, txs: readonly PreparedTransaction[]): DetailRow[] {
  const count = String(txs.length);
  const calls = txs.map((tx, index): DetailRow => {
    const lines = [
      [text("to"), recipient(chainId, tx)],
      [text("amount"), coinAmount(chainId, amountOf(tx))],
      ...callRows(chainId, tx),
      nonceRow(tx),
    ].map(([label, value]) => `${label}: ${value}`);
    return [text("callNumber", { number: String(index + 1), count }), lines.join("\n")];
  });
  const fees = shownFee(
    chainId,
    txs.reduce((sum, tx) => sum + maxFee(tx), 0n),
  );
  const values = txs.reduce((sum, tx) => sum + amountOf(tx), 0n);
  return [
    [text("network"), networkName(chainId)],
    ...calls,
    [text("networkFee"), coinAmount(chainId, fees)],
    [text("total"), coinAmount(chainId, values + fees)],
  ];
}
