import { explorerAddressUrl } from "../../../core/explorer-links.ts";
import { CopyChip } from "../copy-chip/CopyChip.tsx";

export interface AddressChipProps {
  readonly address: string;
  /** The network's execution explorer base URL (networks/*.json `explorers`): adds a link to the address's page. */
  readonly explorerUrl?: string;
}

/** An address in its short form (0x1234…abcd) with a copy button and, given an explorer, a link to its page. */
export function AddressChip({ address, explorerUrl }: AddressChipProps) {
  return <CopyChip value={address} explorerHref={explorerUrl ? explorerAddressUrl(explorerUrl, address) : undefined} />;
}
