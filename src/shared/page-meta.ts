/**
 * What a server-rendered page says about itself while it renders (the client's
 * `usePageMeta`), for the server to write into the head (title, link previews, structured
 * data) and into the status line (src/server/ssr/link-preview.ts).
 */
import type { ListingDetail } from './schemas/listings.js';
import type { PublicUser } from './schemas/accounts.js';

export interface PageMeta {
  /** The document's title, as the browser writes it. */
  title?: string;
  /** The page stands for something missing: 404. */
  status?: number;
  /** The page's own address (path and query), when it is not the request's path. */
  path?: string;
  /** A sentence about the page, for link previews. */
  description?: string;
  /** Keep the page out of search engines' indexes. */
  noindex?: boolean;
  /** A listing's page: its picture, price and offer. */
  listing?: ListingDetail;
  /** A seller's public profile. */
  seller?: PublicUser;
}
