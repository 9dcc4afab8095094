import type { Network } from "../../../generated/index.ts";
import "./network-icon.css";

/** networks/icons/*.svg as the URLs of the built files (small files stay files: no data: URL for the CSP). */
const ICON_URLS: Readonly<Record<string, string>> = import.meta.glob("/networks/icons/*.svg", {
  query: "?url",
  import: "default",
  eager: true,
});

export interface NetworkIconProps {
  readonly network: Pick<Network, "icon" | "symbol">;
  /** Edge length in CSS pixels. */
  readonly size?: number;
}

/**
 * The network's icon from networks/icons/ (decorative: the network's name stands beside it), or the first
 * letter of its coin symbol in a circle when its file names no icon.
 */
export function NetworkIcon({ network, size = 32 }: NetworkIconProps) {
  const url = network.icon ? ICON_URLS[`/networks/icons/${network.icon}`] : undefined;
  if (url) return <img className="ui-network-icon" src={url} alt="" width={size} height={size} />;
  return (
    <span className="ui-network-icon ui-network-icon--letter" aria-hidden="true" style={{ width: size, height: size }}>
      {network.symbol.slice(0, 1)}
    </span>
  );
}
