import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import "./copy-chip.css";

/** How long "Copied" (or "Copy failed") stays on the copy button. */
const FEEDBACK_MS = 2000;

export interface CopyChipProps {
  /** A hex value too long to show whole: an address, a transaction hash, a public key. */
  readonly value: string;
  /** Its page on the network's explorer, when there is one. */
  readonly explorerHref?: string;
  readonly className?: string;
}

/** "0x1234…abcd": the first 6 and last 4 characters of a hex value. */
export function shortHex(value: string): string {
  return value.length > 13 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;
}

/**
 * A hex value in its short form (the full one in its title and accessible name), a button that copies the full
 * value and says "Copied", and optionally a link to its page on the explorer.
 */
export function CopyChip({ value, explorerHref, className }: CopyChipProps) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (copy === "idle") return;
    const timer = setTimeout(() => setCopy("idle"), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  const copyValue = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopy("copied"),
      () => setCopy("failed"),
    );
  };
  return (
    <span className={["ui-address-chip", className].filter(Boolean).join(" ")}>
      <span className="ui-address-chip__text" title={value}>
        <span className="visually-hidden">{value}</span>
        <span aria-hidden="true">{shortHex(value)}</span>
      </span>
      <button type="button" className="ui-address-chip__button" onClick={copyValue}>
        {copy === "copied"
          ? t("ui.addressChip.copied")
          : copy === "failed"
            ? t("ui.addressChip.copyFailed")
            : t("ui.addressChip.copy")}
        <span className="visually-hidden"> {value}</span>
      </button>
      <span role="status" className="visually-hidden">
        {copy === "copied" ? t("ui.addressChip.copied") : copy === "failed" ? t("ui.addressChip.copyFailed") : ""}
      </span>
      {explorerHref ? (
        <a className="ui-address-chip__button" href={explorerHref} target="_blank" rel="noreferrer">
          {t("ui.addressChip.explorer")}
          <span className="visually-hidden"> {value}</span>
        </a>
      ) : null}
    </span>
  );
}
