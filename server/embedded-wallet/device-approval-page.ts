import { createHash } from "node:crypto";
import { describeDevice } from "./device-description.ts";
import type { PendingApproval } from "./email-login.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; padding: 1rem; background: #fff; color: #16181d; }
main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem; border: 1px solid #8886; border-radius: 0.75rem; }
h1 { font-size: 1.35rem; margin: 0 0 0.75rem; }
p { margin: 0 0 0.75rem; }
button { font: inherit; font-weight: 600; padding: 0.6rem 1.1rem; border: 0; border-radius: 0.5rem; background: #2f5bd3; color: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1rem; margin: 0 0 1rem; padding: 0.75rem 1rem; border-radius: 0.5rem; background: #f1f3f6; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
@media (max-width: 30rem) { dl { grid-template-columns: 1fr; gap: 0.1rem; } dd { margin-bottom: 0.4rem; } }
@media (prefers-color-scheme: dark) { body { background: #121316; color: #eef0f4; } dl { background: #1e2026; } }
`;

/** Shows the request's time in the reader's language and time zone (the page has the UTC time without scripts). */
const SCRIPT = `for (const element of document.querySelectorAll("time[data-local]")) {
  const options = { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" };
  element.textContent = new Intl.DateTimeFormat(navigator.languages, options).format(new Date(element.dateTime));
}`;

/**
 * The approval pages' own CSP: nothing but their inline style and script (by hash) and a form posting to this origin, and
 * no framing by anyone (not even an allowed host page: a framed approve button could be clicked by a trick).
 */
export const DEVICE_APPROVAL_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
  `script-src 'sha256-${createHash("sha256").update(SCRIPT).digest("base64")}'`,
  "img-src data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/** The request's time in UTC, for a reader without scripts. */
const utc = (at: Date) =>
  `${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;

/** Which browser asked, from where and when (the approval page's details). */
function requestDetails(request: PendingApproval): string {
  const device = describeDevice(request.userAgent);
  const row = (label: string, zh: string, value: string) =>
    `<dt>${label} <span lang="zh-CN">${zh}</span></dt><dd>${value}</dd>`;
  return `<dl>
${row("Browser", "浏览器", `${escapeHtml(device.browser)} on ${escapeHtml(device.os)}`)}
${row("IP address", "IP 地址", escapeHtml(request.ip ?? "unknown"))}
${row("Requested", "请求时间", `<time datetime="${request.requestedAt.toISOString()}" data-local>${escapeHtml(utc(request.requestedAt))}</time>`)}
</dl>`;
}

const page = (title: string, body: string, script = false) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>${script ? `\n<script>${SCRIPT}</script>` : ""}
</body>
</html>
`;

/**
 * The pages of the device-approval link. Opening the link only shows a button: approving takes a POST, so a
 * mail scanner that fetches links cannot approve a device by itself.
 */
export const deviceApprovalPages = {
  ask: (request: PendingApproval, action: string, token: string) =>
    page(
      "Approve this sign-in?",
      `<p>A browser is signing in to the wallet of <strong>${escapeHtml(request.email)}</strong>. Approve it only if you started that sign-in yourself, on this browser:</p>
${requestDetails(request)}
<p lang="zh-CN">有浏览器正在登录此邮箱的钱包。仅当这是您本人在上述浏览器上的操作时才批准。</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Approve the new device</button>
</form>`,
      true,
    ),
  approved: () =>
    page(
      "Device approved",
      `<p>Go back to the app: the sign-in continues there with a code sent to your e-mail. You can close this tab.</p><p lang="zh-CN">设备已批准，请回到应用继续登录。</p>`,
    ),
  invalid: () =>
    page(
      "This link no longer works",
      `<p>The approval link is unknown, was used already, or has expired (links work for 15 minutes). Start the sign-in again to get a new one.</p><p lang="zh-CN">此链接已失效，请重新登录以获取新链接。</p>`,
    ),
};
