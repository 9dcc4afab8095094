import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, parseUnits } from "viem";
import type { TransactionFlowControls } from "../../components/transaction/use-transaction-flow.ts";
import type { ListedValidator } from "../../core/api/validators.ts";
import { AppError } from "../../core/app-error.ts";
import { gweiText } from "../../core/electra/request-checks.ts";
import type { EnvironmentChain } from "../../core/network-environment.ts";
import { etaFor } from "../../core/queue-eta/index.ts";
import { buildTopUp, checkTopUp } from "../../families/ethereum-beacon/build-top-up.ts";
import type { Network } from "../../generated/index.ts";
import { readBeaconSnapshot } from "../../lib/api/beacon-snapshot-query.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";

/** The pending-transaction kind of a top-up (followed on the validators screen, named on the validator's card). */
export const TOP_UP_TRANSACTION_KIND = "top-up";

/** An amount in whole coins with at most 9 decimals (a deposit counts gwei). */
const AMOUNT = /^(0|[1-9][0-9]*)(\.[0-9]{1,9})?$/;

export interface TopUpInput {
  readonly validator: ListedValidator;
  readonly network: Network;
  readonly chain: EnvironmentChain;
  /** The environment's deposit contract. */
  readonly contract: Address | undefined;
  readonly account: Address | undefined;
  readonly controls: TransactionFlowControls;
}

/**
 * The top-up dialog's "Review top-up": reads the validator as the consensus layer holds it now (the server's
 * Beacon API snapshot: its withdrawal credentials, balance and the top-ups of it still queued), refuses what the
 * beacon chain would not credit or would send straight back (naming why, sending nothing), builds the deposit
 * from those credentials and verifies the call it makes, then hands it to the send path's review (account,
 * chain, simulation, gas).
 */
export function useTopUp({ validator, network, chain, contract, account, controls }: TopUpInput) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [reading, setReading] = useState(false);

  const review = async (amountText: string): Promise<void> => {
    setProblem(undefined);
    const text = amountText.trim();
    if (!AMOUNT.test(text)) {
      setProblem(t("topUp.errors.amountFormat", { symbol: network.symbol }));
      return;
    }
    if (!account || !contract) return;
    const amountWei = parseUnits(text, network.decimals);
    setReading(true);
    try {
      const environment = servedEnvironmentOf(network);
      const snapshot = await readBeaconSnapshot(network.slug, environment?.id ?? "", validator.pubkey).catch(
        (cause: unknown) => {
          throw new AppError("topUp.errors.beaconUnavailable", { cause });
        },
      );
      const seen = snapshot.validator;
      if (seen && seen.pubkey.toLowerCase() !== validator.pubkey.toLowerCase())
        throw new AppError("topUp.errors.inconsistent", { details: `snapshot of ${seen.pubkey}` });
      const key = validator.pubkey.toLowerCase();
      const queued = snapshot.pendingDeposits.filter((entry) => entry.pubkey.toLowerCase() === key);
      const pendingGwei = queued.reduce((sum, entry) => sum + entry.amountGwei, 0n);
      const outcome = checkTopUp({ validator: seen, pendingGwei, amountWei });
      const { call } = buildTopUp({ contract, validator: seen as NonNullable<typeof seen>, amountWei });
      const amountGwei = amountWei / 1_000_000_000n;
      const creditedBy = etaFor("electra").depositProcessedEpoch(snapshot, amountGwei);
      await controls.prepare({
        kind: TOP_UP_TRANSACTION_KIND,
        chain,
        account,
        ...call,
        details: {
          pubkey: validator.pubkey,
          index: String(seen?.index ?? ""),
          amountGwei: amountGwei.toString(),
          withdrawalCredentials: seen?.withdrawalCredentials ?? "",
          balanceAfter: gweiText(outcome.balanceAfterGwei),
          sweptBack: gweiText(outcome.sweptBackGwei),
          creditedByEpoch: creditedBy.toString(),
          creditedAt: etaFor("electra").epochStart(snapshot, creditedBy).toString(),
        },
      });
    } catch (error) {
      const known = error instanceof AppError ? error : new AppError("topUp.errors.unexpected", { cause: error });
      setProblem(t(known.shortMessage, { symbol: network.symbol, ...known.values }));
    } finally {
      setReading(false);
    }
  };

  return { review, problem, reading };
}
