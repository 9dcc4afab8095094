import { formatUnits, type Hex } from "viem";
import { chains } from "../../generated/chains.ts";
import { text } from "../ui/texts.ts";
import { functionOf } from "./known-calls.ts";

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

/** One labelled line of an approval dialog. */
export type DetailRow = readonly [label: string, value: string];

const chainOf = (chainId: number) => chains.find((chain) => chain.id === chainId);

/** The network's name from the generated network list ("Ethereum Devnet"), else "Chain 12345". */
export const networkName = (chainId: number) =>
  chainOf(chainId)?.name ?? text("unknownNetwork", { chainId: String(chainId) });

/** An amount in the chain's native coin ("1.5 ETH", "32 CFX"); wei when the chain is not one of ours. */
function coinAmount(chainId: number, wei: bigint): string {
  const chain = chainOf(chainId);
  if (!chain) return `${wei} wei`;
  return `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`;
}

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** "stake (0xc2b3b1f5)" for a known staking call, the bare selector otherwise, nothing without data. */
function functionText(data: Hex | undefined): string | undefined {
  const call = data ? functionOf(data) : undefined;
  if (!call) return undefined;
  return call.name ? `${call.name} (${call.selector})` : call.selector;
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

function recipient(tx: PreparedTransaction): string {
  if (!tx.to) return text("newContract");
  return tx.toIsContract ? text("contractAddress", { address: shortAddress(tx.to) }) : shortAddress(tx.to);
}

/** What eth_sendTransaction's approval shows: network, recipient, amount, function, fee and total. */
export function transactionRows(chainId: number, tx: PreparedTransaction): DetailRow[] {
  const fee = shownFee(chainId, maxFee(tx));
  const call = functionText(tx.data);
  return [
    [text("network"), networkName(chainId)],
    [text("to"), recipient(tx)],
    [text("amount"), coinAmount(chainId, amountOf(tx))],
    ...(call ? [[text("function"), call] as const] : []),
    [text("networkFee"), coinAmount(chainId, fee)],
    [text("total"), coinAmount(chainId, amountOf(tx) + fee)],
  ];
}

/** What wallet_sendCalls' single approval shows: the network, every call in order, the fees and the total. */
export function callsRows(chainId: number, txs: readonly PreparedTransaction[]): DetailRow[] {
  const count = String(txs.length);
  const calls = txs.map((tx, index): DetailRow => {
    const call = functionText(tx.data);
    const lines = [
      `${text("to")}: ${recipient(tx)}`,
      `${text("amount")}: ${coinAmount(chainId, amountOf(tx))}`,
      ...(call ? [`${text("function")}: ${call}`] : []),
    ];
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
