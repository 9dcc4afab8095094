import { createHash } from "node:crypto";

/** Hands the URL the provider returned to over to the page that opened the popup, if it is an allowed host page. */
const SCRIPT = `const origins = JSON.parse(document.getElementById("allowed-origins").textContent);
if (window.opener) for (const origin of origins) window.opener.postMessage({ resultUri: location.href }, origin);`;

/** The callback page's own CSP: its one inline script (by hash), nothing else, framed by no one. */
export const SOCIAL_CALLBACK_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash("sha256").update(SCRIPT).digest("base64")}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The redirect URI's page (in the popup): posts `{ resultUri }` (this page's URL with the provider's code and
 * state) to the opener, addressed to each allowed host origin so no other page can receive it. The code is
 * useless without the flow's PKCE verifier, which only the server holds.
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
<p>Signing in… This window closes by itself.</p>
<script type="application/json" id="allowed-origins">${jsonInHtml(allowedOrigins)}</script>
<script>${SCRIPT}</script>
</body>
</html>`;
}
