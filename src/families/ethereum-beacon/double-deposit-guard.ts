import { decodeFunctionData } from "viem";
import { type ContractCall, callData } from "../../core/contract-call.ts";
import type { SendHooks } from "../../lib/transactions/send-transaction.ts";
import { TransactionMaybeSentError } from "../../lib/transactions/transaction-errors.ts";
import type { KnownDeposit } from "./fetch-known-deposits.ts";
import type { SentStake, SentStakeStore, StakeScope } from "./sent-stakes.ts";
import { ethStakingAbi } from "./stake-call.ts";
import { DuplicateDepositError } from "./stake-errors.ts";

export interface DoubleDepositGuardDependencies {
  /** This browser's record of sent stakes (sentStakes). */
  readonly store: SentStakeStore;
  /** Which of `pubkeys` the staking server knows a deposit to, confirmed or pending (fetchKnownDeposits). */
  readonly askServer: (scope: StakeScope, pubkeys: readonly string[]) => Promise<ReadonlyMap<string, KnownDeposit>>;
}

/** The refusal a record of this browser gives: its status says why, with its transaction when known. */
export const duplicateOf = (record: SentStake) => new DuplicateDepositError(record.status, record.txHash);

/** The validator keys a stake transaction deposits to, read from its calldata (stake or stakeCompounding). */
function stakePubkeys(stake: ContractCall): string[] {
  const call = decodeFunctionData({ abi: ethStakingAbi, data: callData(stake) });
  if (call.functionName === "stake") return call.args[0].map((key) => key.slice(2).toLowerCase());
  if (call.functionName === "stakeCompounding") return [call.args[0].slice(2).toLowerCase()];
  throw new Error(`${call.functionName} is not a stake`);
}

/**
 * The stake's last check before the wallet is asked (the shared send path's hooks, made for each send), and
 * its record of what the wallet did. Refuses, without asking the wallet, when any validator of the
 * transaction is in a stake this browser is sending, may have sent, sent or saw confirmed (any tab, any
 * earlier attempt), or when the staking server knows a deposit to it, pending or confirmed (asked again now).
 * Otherwise it claims the validators for this send in one locked step, so two tabs confirming at once send
 * once; the claim becomes the sent transaction, "possibly sent" after a wallet error once the account's
 * nonce moved on, and is dropped only when the send provably did not happen.
 */
export function doubleDepositGuard(
  dependencies: DoubleDepositGuardDependencies,
  scope: StakeScope,
): (prepared: ContractCall & { readonly account: string }) => SendHooks {
  const { store, askServer } = dependencies;
  return (prepared) => {
    const pubkeys = stakePubkeys(prepared);
    let claimed: string | undefined;
    return {
      async beforeWallet() {
        const [mine] = store.overlapping(scope, pubkeys);
        if (mine) throw duplicateOf(mine);
        const known = [...(await askServer(scope, pubkeys)).values()];
        const deposit = known.find((entry) => !entry.pending) ?? known[0];
        if (deposit) throw new DuplicateDepositError(deposit.pending ? "knownPending" : "known", deposit.txHash);
        const outcome = await store.claim(scope, prepared.account, pubkeys);
        if ("conflict" in outcome) throw duplicateOf(outcome.conflict);
        claimed = outcome.claimed.id;
      },
      onSent(entry) {
        if (claimed) store.update(claimed, { status: "broadcast", txHash: entry.hash });
      },
      onNotSent(error) {
        if (!claimed) return;
        if (error instanceof TransactionMaybeSentError) store.update(claimed, { status: "possiblySent" });
        else store.release(claimed);
      },
    };
  };
}
