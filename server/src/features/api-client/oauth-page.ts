import { randomBytes } from 'node:crypto';

/**
 * The page the OAuth popup lands on. It tells the app what happened — postMessage to the
 * opener, restricted to the app's origin, and a same-origin BroadcastChannel for when the
 * opener link is gone (the app's Cross-Origin-Opener-Policy severs it once the popup visits the
 * provider) — and closes itself after a success. Its one inline script runs under a nonce.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export const OAUTH_CHANNEL = 'stratum-oauth';

export function oauthCallbackPage(input: {
  ok: boolean;
  message: string;
  state: string | undefined;
  appOrigin: string;
}): { html: string; headers: Record<string, string> } {
  const nonce = randomBytes(16).toString('base64');
  const data = {
    type: OAUTH_CHANNEL,
    ok: input.ok,
    state: input.state ?? null,
    message: input.message,
  };
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Stratum — OAuth 2.0</title>
<style>body{font:16px system-ui,sans-serif;margin:3rem;color:#111}p{max-width:40rem}</style></head>
<body>
<p>${escapeHtml(input.message)}</p>
<script nonce="${nonce}">
(function () {
  var data = ${scriptJson(data)};
  try { if (window.opener) window.opener.postMessage(data, ${scriptJson(input.appOrigin)}); } catch (e) {}
  try { var channel = new BroadcastChannel(${scriptJson(OAUTH_CHANNEL)}); channel.postMessage(data); channel.close(); } catch (e) {}
  if (data.ok) setTimeout(function () { window.close(); }, 500);
})();
</script>
</body>
</html>
`;
  return {
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  };
}
