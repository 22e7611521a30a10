/**
 * The built-in mailbox's pages (no SMTP_URL): plain server-made HTML, no app code, so it works
 * before the client is built and shows what was sent exactly as it was sent.
 */
import { escapeHtml } from './layout.js';
import type { QueuedMail } from './repository.js';

type Listed = Pick<QueuedMail, 'mail_id' | 'kind' | 'to_address' | 'subject' | 'created_at'>;

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d1a22;background:#f6f3fa;line-height:1.5}
header{background:#46237a;color:#fff;padding:12px 20px;border-bottom:6px solid #ffc72c}
header h1{margin:0;font-size:1.3rem}header p{margin:4px 0 0;color:#ece6f5;font-size:.9rem}
main{max-width:960px;margin:0 auto;padding:16px}
a{color:#46237a}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #d9d2e4}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #d9d2e4;vertical-align:top;overflow-wrap:anywhere}
@media (max-width:640px){thead{display:none}tr,td{display:block}td{border:0;padding:2px 10px}tr{padding:8px 0;border-bottom:1px solid #d9d2e4}}
th{background:#ece6f5}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;background:#fff;border:1px solid #d9d2e4;padding:12px;margin:0 0 16px}
dt{font-weight:700}dd{margin:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #d9d2e4;padding:12px;font-size:1rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/icons/icon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header><h1>Gator Market mailbox</h1><p>Mails this server would have sent. No SMTP_URL is set, so they stay here; only this machine can read them.</p></header>
<main>${body}</main></body></html>
`;
}

export function mailboxListPage(mails: Listed[], to: string | undefined): string {
  const filter = to ? `<p>Mails to ${escapeHtml(to)}. <a href="/mailbox">Show all</a></p>` : '';
  if (mails.length === 0) return page('Mailbox', `${filter}<p>No mail yet.</p>`);
  const rows = mails
    .map(
      (m) =>
        `<tr><td><time datetime="${escapeHtml(m.created_at)}">${escapeHtml(m.created_at.replace('T', ' ').slice(0, 19))}</time></td><td>${escapeHtml(m.to_address)}</td><td><a href="/mailbox/${m.mail_id}">${escapeHtml(m.subject)}</a></td></tr>`,
    )
    .join('\n');
  return page(
    'Mailbox',
    `${filter}<table><caption class="visually-hidden">Mails, newest first</caption><thead><tr><th scope="col">Sent (UTC)</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

/** The text part with its web addresses made into links. */
function linkedText(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

export function mailboxMailPage(mail: QueuedMail, from: string): string {
  // The HTML part opens on its own page, under a policy that runs nothing (no frame here:
  // a sandboxed frame is also closed to the tools that drive browsers in tests).
  const html = mail.html_body
    ? `<p><a href="/mailbox/${mail.mail_id}/html">See the mail as HTML</a></p>`
    : '';
  return page(
    mail.subject,
    `<p><a href="/mailbox">← All mail</a></p>
<dl><dt>From</dt><dd>${escapeHtml(from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to_address)}</dd><dt>Subject</dt><dd>${escapeHtml(mail.subject)}</dd><dt>Sent (UTC)</dt><dd>${escapeHtml(mail.created_at)}</dd></dl>
<h2>As text</h2><pre>${linkedText(mail.text_body ?? '')}</pre>${html}`,
  );
}
