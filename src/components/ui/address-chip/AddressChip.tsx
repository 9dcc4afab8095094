import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { explorerAddressUrl } from "../../../lib/explorer-links.ts";
import "./address-chip.css";

/** How long "Copied" (or "Copy failed") stays on the copy button. */
const FEEDBACK_MS = 2000;

export interface AddressChipProps {
  readonly address: string;
  /** The network's execution explorer base URL (networks/*.json `explorers`): adds a link to the address's page. */
  readonly explorerUrl?: string;
}

/** "0x1234…abcd": the first 6 and last 4 characters of an address. */
export function shortAddress(address: string): string {
  return address.length > 13 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/**
 * An address in its short form (the full one in its title and accessible name), a button that copies the full
 * address and says "Copied", and optionally a link to the address on the network's explorer.
 */
export function AddressChip({ address, explorerUrl }: AddressChipProps) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (copy === "idle") return;
    const timer = setTimeout(() => setCopy("idle"), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  const copyAddress = () => {
    navigator.clipboard.writeText(address).then(
      () => setCopy("copied"),
      () => setCopy("failed"),
    );
  };
  return (
    <span className="ui-address-chip">
      <span className="ui-address-chip__text" title={address}>
        <span className="visually-hidden">{address}</span>
        <span aria-hidden="true">{shortAddress(address)}</span>
      </span>
      <button type="button" className="ui-address-chip__button" onClick={copyAddress}>
        {copy === "copied"
          ? t("ui.addressChip.copied")
          : copy === "failed"
            ? t("ui.addressChip.copyFailed")
            : t("ui.addressChip.copy")}
        <span className="visually-hidden"> {address}</span>
      </button>
      <span role="status" className="visually-hidden">
        {copy === "copied" ? t("ui.addressChip.copied") : copy === "failed" ? t("ui.addressChip.copyFailed") : ""}
      </span>
      {explorerUrl ? (
        <a
          className="ui-address-chip__button"
          href={explorerAddressUrl(explorerUrl, address)}
          target="_blank"
          rel="noreferrer"
        >
          {t("ui.addressChip.explorer")}
          <span className="visually-hidden"> {address}</span>
        </a>
      ) : null}
    </span>
  );
}
