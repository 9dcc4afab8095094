import { createHash } from "node:crypto";

/** Tells the page that opened the popup, if it is an allowed host page, that the popup is done: nothing more. */
const SCRIPT = `const origins = JSON.parse(document.getElementById("allowed-origins").textContent);
if (window.opener) for (const origin of origins) window.opener.postMessage({ socialLogin: "done" }, origin);`;

/** The callback page's own CSP: its one inline script (by hash), nothing else, framed by no one. */
export const SOCIAL_CALLBACK_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash("sha256").update(SCRIPT).digest("base64")}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The redirect URI's page (in the popup), served once the server has verified the provider's answer and kept
 * the result for the frame: posts `{ socialLogin: "done" }` to the opener (each allowed host origin), and never
 * the URL, its code or state, or anything else that could be redeemed. The kit then asks the frame to connect.
 */
export function socialCallbackPage(allowedOrigins: readonly string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>Signing in…</title>
</head>
<body>
<p>Signing in… This window closes by itself; if it does not, close it and go back to the app.</p>
<script type="application/json" id="allowed-origins">${jsonInHtml(allowedOrigins)}</script>
<script>${SCRIPT}</script>
</body>
</html>`;
}
