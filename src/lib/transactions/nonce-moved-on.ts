import type { Address } from "viem";
import type { Config } from "wagmi";
import { getTransactionCount } from "wagmi/actions";

/** How often, and how far apart, the account's nonce is read after a wallet error before it counts as unchanged. */
export interface NonceCheckOptions {
  readonly reads?: number;
  readonly intervalMs?: number;
}

/** The account's next nonce, counting transactions still in the mempool; undefined when it cannot be read. */
export function pendingNonce(config: Config, chainId: number, address: Address): Promise<number | undefined> {
  return getTransactionCount(config, { chainId, address, blockTag: "pending" }).catch(() => undefined);
}

/**
 * After a wallet answered with an error (not a rejection), tells whether the transaction may have been sent
 * all the same: true when the account's pending nonce moved past `before` (a transaction went out, perhaps
 * this one) or when it could not be compared (no proof that nothing went out). False only when every read,
 * `reads` of them `intervalMs` apart (3 over 2 s by default, for the wallet's node to reach ours), still
 * shows `before`: then nothing was sent and a retry is safe.
 */
export async function nonceMovedOn(
  config: Config,
  chainId: number,
  address: Address,
  before: number | undefined,
  options: NonceCheckOptions = {},
): Promise<boolean> {
  if (before === undefined) return true;
  const reads = options.reads ?? 3;
  let compared = false;
  for (let read = 0; read < reads; read++) {
    if (read > 0) await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 1_000));
    const now = await pendingNonce(config, chainId, address);
    if (now === undefined) continue;
    if (now > before) return true;
    compared = true;
  }
  return !compared;
}
