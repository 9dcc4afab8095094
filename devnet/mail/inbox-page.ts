import type { ReceivedMail } from "./received-mail.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Text with its http(s) links made clickable (a device-approval link is opened from here), everything escaped. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join("");
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0 auto; max-width: 48rem; padding: 1rem; line-height: 1.5; }
  article { border: 1px solid #8886; border-radius: 0.5rem; padding: 0.75rem 1rem; margin: 0 0 1rem; }
  h2 { font-size: 1.05rem; margin: 0 0 0.25rem; }
  p.meta { margin: 0 0 0.5rem; opacity: 0.75; font-size: 0.9rem; }
  pre { white-space: pre-wrap; word-break: break-word; margin: 0; font-size: 0.95rem; }
  a { color: #3b6ee8; }
`;

/**
 * The devnet inbox as one self-contained HTML page (no external assets): every message received, newest first,
 * with its recipient, subject, time and text.
 */
export function inboxPage(messages: readonly ReceivedMail[]): string {
  const items = messages.map(
    (mail) => `<article>
  <h2>${escapeHtml(mail.subject || "(no subject)")}</h2>
  <p class="meta">To ${escapeHtml(mail.to.join(", "))} · <time datetime="${mail.receivedAt}">${mail.receivedAt}</time></p>
  <pre>${linkify(mail.text)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Devnet inbox (${messages.length})</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Devnet inbox</h1>
<p>Every e-mail the local stack sends lands here, newest first. Reload to see new ones; the same list as JSON is at <a href="messages">messages</a>.</p>
${items.length > 0 ? items.join("\n") : "<p>No messages yet.</p>"}
</main>
</body>
</html>
`;
}
