/**
 * The page an unsubscribe link opens in a browser: plain server-made HTML with one button (a
 * GET changes nothing, since mail scanners follow links; the POST does, RFC 8058).
 */
import { escapeHtml } from '#server/mail/layout.js';

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d1a22;background:#f6f3fa;line-height:1.5}
header{background:#46237a;color:#fff;padding:12px 20px;border-bottom:6px solid #ffc72c;font-weight:800;font-size:1.2rem}
main{max-width:560px;margin:24px auto;padding:20px;background:#fff;border:1px solid #d9d2e4;border-radius:16px}
h1{font-size:1.3rem;margin:0 0 12px}a{color:#46237a}
button{font:inherit;font-weight:700;padding:12px 22px;border-radius:999px;border:0;background:#46237a;color:#fff;cursor:pointer;min-height:44px}
`;

export function unsubscribePage(
  title: string,
  body: string,
  status: 'ask' | 'done' | 'bad',
): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/icons/icon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header>Gator Market</header>
<main data-status="${status}"><h1>${escapeHtml(title)}</h1>${body}</main></body></html>
`;
}

export function askPage(label: string, postUrl: string): string {
  return unsubscribePage(
    'Turn off these e-mails?',
    `<p>You will no longer get e-mails for "${escapeHtml(label)}". You still see them in the app, and can turn e-mails back on in your notification settings.</p>
<form method="post" action="${escapeHtml(postUrl)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Turn off these e-mails</button></form>`,
    'ask',
  );
}

export function donePage(label: string, settingsUrl: string): string {
  return unsubscribePage(
    'E-mails turned off',
    `<p>You will no longer get e-mails for "${escapeHtml(label)}".</p>
<p><a href="${escapeHtml(settingsUrl)}">Choose what reaches you, and how</a></p>`,
    'done',
  );
}

export const BAD_LINK_MESSAGE =
  'This unsubscribe link is not valid. Open your notification settings to turn e-mails off.';

export function badLinkPage(settingsUrl: string): string {
  return unsubscribePage(
    'This link does not work',
    `<p>${escapeHtml(BAD_LINK_MESSAGE)}</p><p><a href="${escapeHtml(settingsUrl)}">Notification settings</a></p>`,
    'bad',
  );
}
