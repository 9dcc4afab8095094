import { useEffect, useState } from "react";

/**
 * The pairing URI as a QR code (high error correction, so the wallet's logo in the middle still scans). The
 * encoder is loaded only when a QR code is first shown, so browser-wallet users never download it.
 */
export function PairingQr({
  uri,
  label,
  logo,
}: {
  readonly uri: string;
  readonly label: string;
  readonly logo?: string | undefined;
}) {
  const [src, setSrc] = useState<string | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void import("qr").then(({ default: encodeQR }) => {
      const svg = encodeQR(uri, "svg", { ecc: "high", border: 1 });
      if (current) setSrc(`data:image/svg+xml,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [uri]);
  return (
    <div className="mk-qr">
      {src ? <img src={src} alt={label} width={240} height={240} /> : null}
      {logo ? <img className="mk-qr-logo" src={logo} alt="" width={48} height={48} /> : null}
    </div>
  );
}
