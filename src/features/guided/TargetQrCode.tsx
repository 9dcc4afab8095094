import encodeQR from "qr";
import { useMemo } from "react";

/** Quiet zone around the code, in modules (the QR standard asks for 4). */
const QUIET_ZONE = 4;

/**
 * The id as a QR code for a phone wallet's scanner: an SVG of dark modules on white (white in dark mode too,
 * since scanners need the contrast), one path, no script or inline HTML.
 */
export function TargetQrCode({ value, label }: { readonly value: string; readonly label: string }) {
  const { size, path } = useMemo(() => {
    const modules = encodeQR(value, "raw", { ecc: "medium", border: QUIET_ZONE });
    const d: string[] = [];
    modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d.push(`M${x} ${y}h1v1h-1z`);
      });
    });
    return { size: modules.length, path: d.join("") };
  }, [value]);
  return (
    <svg
      className="target-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
