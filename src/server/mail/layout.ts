/**
 * Every mail in the product's look: a plain-text part and a simple HTML part built from the same
 * content, so a mail reads the same in any mail app. Colours are the campus theme's
 * (src/client/styles/global.css); styles are inline, as mail apps ignore style sheets.
 */

export interface MailContent {
  subject: string;
  /** The first line, as greeting ("Hi Ada,"). */
  greeting: string;
  paragraphs: string[];
  /** A code to type in, shown large (six digits written together). */
  code?: string;
  /** The one button of the mail, and its address spelled out for plain text. */
  action?: { label: string; url: string };
  /** Small print after the action. */
  notes?: string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const COLOURS = {
  purple: '#46237a',
  purpleDark: '#2f1654',
  gold: '#ffc72c',
  goldSoft: '#fff4d1',
  ink: '#1d1a22',
  muted: '#5b5566',
  surface: '#f6f3fa',
  line: '#d9d2e4',
};
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function renderText(c: MailContent): string {
  const lines = [c.greeting, '', ...c.paragraphs.flatMap((p) => [p, ''])];
  if (c.code) lines.push(`    ${c.code}`, '');
  if (c.action) lines.push(`${c.action.label}:`, c.action.url, '');
  if (c.notes?.length) lines.push(...c.notes.flatMap((n) => [n, '']));
  lines.push('-- ', 'Gator Market, the campus marketplace');
  return lines.join('\n');
}

function renderHtml(c: MailContent): string {
  const p = (text: string, colour = COLOURS.ink, size = '16px') =>
    `<p style="margin:0 0 16px;color:${colour};font-size:${size};line-height:1.5">${escapeHtml(text)}</p>`;
  const code = c.code
    ? `<p style="margin:8px 0 24px"><span style="display:inline-block;padding:12px 20px;border-radius:12px;background:${COLOURS.goldSoft};border:2px solid ${COLOURS.gold};color:${COLOURS.purpleDark};font-family:ui-monospace,Menlo,Consolas,monospace;font-size:32px;font-weight:700;letter-spacing:2px">${escapeHtml(c.code)}</span></p>`
    : '';
  const action = c.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:12px 22px;border-radius:999px;background:${COLOURS.purple};color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(c.action.label)}</a></p>` +
      p(`Or open this address: ${c.action.url}`, COLOURS.muted, '13px')
    : '';
  const notes = (c.notes ?? []).map((n) => p(n, COLOURS.muted, '14px')).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(c.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLOURS.surface};font-family:${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOURS.surface}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${COLOURS.line};border-radius:16px;overflow:hidden">
<tr><td style="background:${COLOURS.purple};padding:16px 24px;font-size:20px;font-weight:800;color:#ffffff">Gator <span style="color:${COLOURS.gold}">Market</span></td></tr>
<tr><td style="height:6px;background:${COLOURS.gold};line-height:6px;font-size:0">&nbsp;</td></tr>
<tr><td style="padding:24px">
${p(c.greeting)}
${c.paragraphs.map((text) => p(text)).join('\n')}
${code}${action}${notes}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${COLOURS.line};color:${COLOURS.muted};font-size:12px">Gator Market, the campus marketplace</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function renderMail(content: MailContent): RenderedMail {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}
