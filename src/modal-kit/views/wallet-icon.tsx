import { useState } from "react";
import { fallbackWalletIcon } from "../catalogue/fallback-icon.ts";

/** A wallet's icon; a missing or broken image shows the generated fallback. */
export function WalletIcon({
  name,
  src,
  size = 40,
}: {
  readonly name: string;
  readonly src?: string | undefined;
  readonly size?: number;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      className="mk-wallet-icon"
      src={!src || broken ? fallbackWalletIcon(name) : src}
      alt=""
      width={size}
      height={size}
      onError={() => setBroken(true)}
    />
  );
}
