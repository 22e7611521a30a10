/**
 * The push SSRF guard: the server sends requests only to the push services people's browsers
 * use (PUSH_SERVICE_ORIGINS), over https, never to an address a client made up (an internal
 * host, the metadata service). Checked when a subscription is stored and again before each
 * send, so a narrowed list takes effect at once. Redirects are never followed (push/sender.ts).
 */
export function allowedPushEndpoint(endpoint: string, origins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  return origins.some((origin) =>
    origin.startsWith('https://*.')
      ? url.host.endsWith(`.${origin.slice('https://*.'.length)}`)
      : url.origin === origin,
  );
}
