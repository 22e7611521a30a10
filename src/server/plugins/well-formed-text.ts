/**
 * Text is well-formed Unicode. JSON may spell a lone UTF-16 surrogate (`"\ud800"`), which no
 * database column can hold: stored, it became invalid UTF-8 and came back as U+FFFD. Every
 * string of a request's body, query and path (keys included) is checked before validation, and a
 * request carrying one is refused with 400, changing nothing.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-error.js';

/** In a `u` regex, a surrogate code point can only be one without its pair. */
const LONE_SURROGATE = /\p{Cs}/u;

export const NOT_WELL_FORMED_MESSAGE =
  'Text must be well-formed Unicode: it holds half of a character (an unpaired surrogate).';

/** The path (`title`, `photos.0.url`) of the first string in `value` that is not well formed. */
export function badTextAt(value: unknown, at = '', depth = 0): string | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? at || '(body)' : null;
  // JSON bodies are bounded in size; the depth bound keeps a pathological one off the stack.
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = at ? `${at}.${key}` : key;
    if (LONE_SURROGATE.test(key)) return here;
    const found = badTextAt(inner, here, depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerWellFormedText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const where = badTextAt(request.body) ?? badTextAt(request.query) ?? badTextAt(request.params);
    if (where) throw badRequest(`${where}: ${NOT_WELL_FORMED_MESSAGE}`);
  });
}
