/**
 * The push SSRF guard: the server sends requests only to the push services people's browsers
 * use (PUSH_SERVICE_ORIGINS), over https, never to an address a client made up (an internal
 * host, the metadata service). Checked when a subscription is stored and again before each
 * send, so a narrowed list takes effect at once. Redirects are never followed (push/sender.ts).
 *
 * The address is held to a strict grammar before any parser sees it: web-push sends with
 * Node's legacy `url.parse`, which ends a host at characters (`;`, quotes, `{`) that WHATWG's
 * `new URL` keeps inside it, so `https://127.66.66.66;.notify.windows.com/x` looked like a
 * Windows push host to one parser and was sent to 127.66.66.66 by the other. With only a
 * hostname's letters, digits, dots and hyphens in the host, and only unreserved characters,
 * percent escapes and a few delimiters after it, both parsers read the same host.
 */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const PATH_CHAR = '[A-Za-z0-9\\-._~!$&()*+,=:@/]|%[0-9A-Fa-f]{2}';
const ENDPOINT = new RegExp(
  `^https://(${LABEL}(?:\\.${LABEL})*)(?::([0-9]{1,5}))?(?:/(?:${PATH_CHAR})*)(?:\\?(?:${PATH_CHAR}|\\?)*)?$`,
  'i',
);

/** The host and port an endpoint names, when it keeps to the grammar above; else null. */
export function pushEndpointHost(endpoint: string): { host: string; port: string } | null {
  if (endpoint.length > 2048) return null;
  const match = ENDPOINT.exec(endpoint);
  if (!match) return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  const host = match[1]!.toLowerCase();
  const port = match[2] === '443' ? '' : (match[2] ?? '');
  // WHATWG's reading must be the same host (it is, by the grammar; checked all the same).
  if (url.hostname !== host || url.port !== port) return null;
  return { host, port };
}

export function allowedPushEndpoint(endpoint: string, origins: readonly string[]): boolean {
  const named = pushEndpointHost(endpoint);
  if (!named) return false;
  const origin = `https://${named.host}${named.port && `:${named.port}`}`;
  return origins.some((allowed) =>
    allowed.startsWith('https://*.')
      ? !named.port && named.host.endsWith(`.${allowed.slice('https://*.'.length)}`)
      : origin === allowed,
  );
}
