const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;

/**
 * The pages of the device-approval link. Opening the link only shows a button: approving takes a POST, so a
 * mail scanner that fetches links cannot approve a device by itself.
 */
export const deviceApprovalPages = {
  ask: (email: string, action: string, token: string) =>
    page(
      "Approve this sign-in?",
      `<p>A browser is signing in to the wallet of <strong>${escapeHtml(email)}</strong>. Approve it only if you started that sign-in yourself.</p>
<p>在新设备上登录钱包？仅当是您本人操作时才批准。</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Approve the new device</button>
</form>`,
    ),
  approved: () =>
    page(
      "Device approved",
      "<p>Go back to the app: the sign-in continues there with a code sent to your e-mail. You can close this tab.</p><p>设备已批准，请回到应用继续登录。</p>",
    ),
  invalid: () =>
    page(
      "This link no longer works",
      "<p>The approval link is unknown, was used already, or has expired (links work for 15 minutes). Start the sign-in again to get a new one.</p><p>此链接已失效，请重新登录以获取新链接。</p>",
    ),
};
