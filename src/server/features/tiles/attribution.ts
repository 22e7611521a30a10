/**
 * Map attribution is HTML (Leaflet shows it as such, and MBTiles metadata holds it as such),
 * but it comes from a file or a setting, not from us: only text, character references and
 * plain http(s) links survive; everything else is shown as text.
 */
const LINK = /<a\s[^>]*?href\s*=\s*(["'])(https?:\/\/[^"'<>\s]+)\1[^>]*>([^<]*)<\/a\s*>/gi;

function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});)/gi, '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export function safeAttribution(html: string): string {
  let out = '';
  let last = 0;
  for (const match of html.matchAll(LINK)) {
    const [whole, , href, text] = match;
    out += escapeText(html.slice(last, match.index));
    out += `<a href="${escapeText(href!)}">${escapeText(text!)}</a>`;
    last = match.index + whole.length;
  }
  return out + escapeText(html.slice(last));
}
