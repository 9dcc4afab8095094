import { type Address, hexToBigInt, type PublicClient, size } from "viem";

/**
 * Safety buffer on the EIP-7002 request fee, in percent of the fee read (100 = pay twice the fee read).
 *
 * Why a buffer: the fee is read now, but the request is included in a later block. Every request above the
 * target of 2 per block raises the fee by about 6% (fake_exponential with an update fraction of 17, so
 * e^(1/17) per excess request); if others' requests land first, the exact fee read would be too low and the
 * request would revert. Paying twice the fee read covers about 11 excess requests (e^(11/17) ≈ 1.9) arriving
 * before ours. The contract refunds nothing: whatever is paid above the fee charged is lost, which is why
 * the buffer is a fixed, shown amount instead of an open-ended one. At the usual minimum fee (1 wei) the
 * buffer costs 1 wei.
 */
export const WITHDRAWAL_FEE_BUFFER_PERCENT = 100n;

/**
 * From this fee on (in wei: 0.001 ETH, about 117 excess requests queued) the dialog warns that the fee is
 * high because many requests are waiting, and that it falls again as the queue drains.
 */
export const HIGH_WITHDRAWAL_FEE_WEI = 1_000_000_000_000_000n;

/** The request contract's current fee and what the app pays (the fee plus the buffer). */
export interface WithdrawalRequestFee {
  /** The fee the contract reports for the next block, in wei. */
  readonly feeWei: bigint;
  /** What is sent as msg.value: feeWei plus WITHDRAWAL_FEE_BUFFER_PERCENT, in wei. */
  readonly bufferedFeeWei: bigint;
  /** The buffered fee is at or above HIGH_WITHDRAWAL_FEE_WEI. */
  readonly high: boolean;
}

/** The fee plus the safety buffer (rounded up, at least one wei more than the fee). */
export function bufferWithdrawalFee(feeWei: bigint): bigint {
  const extra = (feeWei * WITHDRAWAL_FEE_BUFFER_PERCENT + 99n) / 100n;
  return feeWei + (extra > 0n ? extra : 1n);
}

/**
 * Reads the EIP-7002 request fee the way the EIP specifies: a call with empty calldata (and no value) to
 * the request contract answers the current fee as 32 bytes.
 */
export async function readWithdrawalRequestFee(client: PublicClient, contract: Address): Promise<WithdrawalRequestFee> {
  const { data } = await client.call({ to: contract });
  if (!data || size(data) !== 32)
    throw new Error(`the request contract answered ${data ?? "nothing"} instead of a 32-byte fee`);
  const feeWei = hexToBigInt(data);
  const bufferedFeeWei = bufferWithdrawalFee(feeWei);
  return { feeWei, bufferedFeeWei, high: bufferedFeeWei >= HIGH_WITHDRAWAL_FEE_WEI };
}
