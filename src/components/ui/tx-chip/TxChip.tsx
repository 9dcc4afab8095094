import { explorerTransactionUrl } from "../../../core/explorer-links.ts";
import { CopyChip } from "../copy-chip/CopyChip.tsx";

export interface TxChipProps {
  readonly hash: string;
  /** The network's execution explorer base URL (networks/*.json `explorers`): adds a link to the transaction. */
  readonly explorerUrl?: string;
}

/** A transaction hash in its short form (0x1234…abcd) with a copy button and, given an explorer, a link to it. */
export function TxChip({ hash, explorerUrl }: TxChipProps) {
  return (
    <CopyChip
      value={hash}
      className="ui-tx-chip"
      explorerHref={explorerUrl ? explorerTransactionUrl(explorerUrl, hash) : undefined}
    />
  );
}
