/**
 * Error codes: every error body is `{ message, code }`. `message` is for people (the product's
 * words where it has them); `code` is for programs, which branch on it and never on the text.
 * Free of zod, so the browser's API client reads codes without loading it; the body's schema
 * is in schemas/errors.ts.
 */
export const ERROR_CODES = [
  /** 400: the input broke a rule (a field's message says which). */
  'validation',
  /** 400: the body is not JSON, or the address is malformed. */
  'malformed',
  /** 401: no session, or it ended. */
  'unauthenticated',
  /** 403: not yours, or not allowed for your role. */
  'forbidden',
  /** 403: an unsafe request from another site. */
  'cross_site',
  /**
   * 403: the account has not verified its campus e-mail yet (EMAIL_VERIFICATION=required);
   * the profile page takes the mailed code.
   */
  'email_unverified',
  /**
   * 403: the account is suspended by a moderator (sign-in); the message carries the reason.
   */
  'suspended',
  /**
   * 403: the buyer or the seller of an order asked to carry it themself (couriers deliver
   * other people's orders).
   */
  'own_order',
  /** 404: no such thing (or address). */
  'not_found',
  /** 409: it conflicts with the current state (already done, taken, illegal move). */
  'conflict',
  /**
   * 409: the item already has a delivery under way to another buyer (one item, one sale), or
   * a listing with a delivery under way was asked to be Active again.
   */
  'listing_taken',
  /**
   * 409: a buyer is waiting for the listing (a Pending request, or a delivery not finished):
   * what they agreed to (title, description, price, condition, photos) cannot change. Marking
   * it sold still can.
   */
  'open_order',
  /**
   * 409: the listing is on hold for another buyer (docs/sales-states.md): no offer or delivery
   * request from anyone else until the hold ends.
   */
  'listing_on_hold',
  /** 409: the buyer already has an open offer on this listing (one at a time). */
  'offer_open',
  /** 409: the hold already has a meeting arranged (Proposed or Agreed): change that one. */
  'meeting_open',
  /**
   * 409: the first request with this Idempotency-Key is still running; `retry-after` says when
   * to ask again (the answer is then the first request's).
   */
  'idempotency_in_progress',
  /** 413: the body is too large. */
  'too_large',
  /** 415: the body is not sent as JSON. */
  'unsupported_media_type',
  /** 422: this Idempotency-Key came before with another request; use a new key for it. */
  'idempotency_key_reused',
  /**
   * 422: this sender's message `client_id` names a message with another receiver, listing or
   * text; make a new id for a new message.
   */
  'client_id_reused',
  /** 429: too many requests of one kind (flood limits, mail); `retry-after` says when to try again. */
  'rate_limited',
  /**
   * 429: too many password attempts (per account and address, per account, per address, or
   * too many checks from one address at once); `retry-after` says when to try again.
   */
  'too_many_attempts',
  /** 500: our fault. */
  'internal',
  /** 503: the database is busy or unreachable; nothing changed, try again after `retry-after`. */
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code an error of this status carries unless it names a more precise one. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'validation';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal' : 'validation';
  }
}
