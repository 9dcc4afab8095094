import { useCallback, useEffect, useRef, useState } from "react";
import type { Config } from "wagmi";
import { AppError } from "../../core/app-error.ts";
import { type PendingTransaction, pendingTransactions } from "../../lib/transactions/pending-transactions.ts";
import {
  type PreparedTransaction,
  prepareTransaction,
  type SendHooks,
  sendPreparedTransaction,
  type TransactionRequest,
} from "../../lib/transactions/send-transaction.ts";
import { TransactionRejectedError, TransactionSendError } from "../../lib/transactions/transaction-errors.ts";
import { waitForPendingTransaction } from "../../lib/transactions/wait-for-pending-transaction.ts";

/** Where a transaction screen is: each step is shown to the user, and only "review" can lead to signing. */
export type TransactionFlow =
  | { readonly step: "idle" }
  | { readonly step: "preparing" }
  | {
      readonly step: "review";
      readonly prepared: PreparedTransaction;
      /** Why the review is shown again (the wallet declined), when it is. */
      readonly notice?: AppError;
    }
  | { readonly step: "signing"; readonly prepared: PreparedTransaction }
  | { readonly step: "broadcast"; readonly pending: PendingTransaction }
  | { readonly step: "confirmed"; readonly pending: PendingTransaction }
  | { readonly step: "failed"; readonly error: AppError; readonly prepared?: PreparedTransaction };

const asAppError = (error: unknown): AppError => (error instanceof AppError ? error : new TransactionSendError(error));

export interface TransactionFlowOptions {
  /** When the wallet declines (4001), show the review again with the message instead of a failure step. */
  readonly rejectionReturnsToReview?: boolean;
  /** The screen's own steps around the wallet request, made for each send (the stake's double-deposit guard). */
  readonly sendHooks?: (prepared: PreparedTransaction) => SendHooks;
}

export interface TransactionFlowControls {
  readonly flow: TransactionFlow;
  /** Checks and simulates a request and shows its review (amount, fee, total); nothing is signed. */
  prepare(request: TransactionRequest): Promise<void>;
  /** Sends the reviewed transaction once, then follows it until it is mined. */
  confirm(): Promise<void>;
  /** Back to the start (after a failure, a cancel, or to do it again). */
  reset(): void;
}

/**
 * One transaction screen's flow over the shared send path (src/lib/transactions). On mount it resumes a
 * transaction of this kind that the same account sent on this chain and that is still pending (a reload
 * while waiting shows "broadcast" again and keeps following it; nothing is sent twice).
 */
export function useTransactionFlow(
  config: Config | undefined,
  scope: { readonly kind: string; readonly account: string | undefined; readonly chainId: number },
  onConfirmed?: (pending: PendingTransaction) => void,
  options: TransactionFlowOptions = {},
): TransactionFlowControls {
  const [flow, setFlow] = useState<TransactionFlow>({ step: "idle" });
  const confirmedRef = useRef(onConfirmed);
  confirmedRef.current = onConfirmed;
  const { kind, account, chainId } = scope;
  const { rejectionReturnsToReview = false, sendHooks } = options;

  const follow = useCallback(
    async (pending: PendingTransaction) => {
      if (!config) return;
      setFlow({ step: "broadcast", pending });
      try {
        const done = await waitForPendingTransaction(config, pending, {
          onRepriced: (repriced) => setFlow({ step: "broadcast", pending: repriced }),
        });
        setFlow({ step: "confirmed", pending: done });
        confirmedRef.current?.(done);
      } catch (error) {
        setFlow({ step: "failed", error: asAppError(error) });
      }
    },
    [config],
  );

  useEffect(() => {
    if (!config || !account) return;
    const waiting = pendingTransactions
      .find({ kind, from: account, chainId })
      .filter((entry) => entry.status === "broadcast")
      .sort((a, b) => b.sentAt - a.sentAt)[0];
    if (waiting) void follow(waiting);
  }, [config, account, chainId, kind, follow]);

  const prepare = useCallback(
    async (request: TransactionRequest) => {
      if (!config) return;
      setFlow({ step: "preparing" });
      try {
        setFlow({ step: "review", prepared: await prepareTransaction(config, request) });
      } catch (error) {
        setFlow({ step: "failed", error: asAppError(error) });
      }
    },
    [config],
  );

  const confirm = useCallback(async () => {
    if (!config || flow.step !== "review") return;
    const { prepared } = flow;
    setFlow({ step: "signing", prepared });
    let pending: PendingTransaction;
    try {
      pending = await sendPreparedTransaction(config, prepared, sendHooks?.(prepared));
    } catch (error) {
      if (rejectionReturnsToReview && error instanceof TransactionRejectedError)
        setFlow({ step: "review", prepared, notice: error });
      else setFlow({ step: "failed", error: asAppError(error), prepared });
      return;
    }
    await follow(pending);
  }, [config, flow, follow, rejectionReturnsToReview, sendHooks]);

  const reset = useCallback(() => setFlow({ step: "idle" }), []);
  return { flow, prepare, confirm, reset };
}
