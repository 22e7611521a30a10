/**
 * The sitemap (sitemaps.org): an index naming a file of the public pages and files of the
 * active listings, at most 50,000 addresses each (the protocol's limit). Built from PUBLIC_URL,
 * kept in memory and built again once listings change (the search epoch, search-cache.ts).
 */
import type { Db } from '#server/db/schema.js';
import { SCREENS } from '#shared/screens.js';
import { TEAM_SLUGS } from '#shared/team-slugs.js';
import { sitemapListings, type SitemapListing } from './sitemap-repository.js';

/** The protocol's limit of addresses in one file. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** The pages everyone may read besides listings, profiles and searches (sign-in is left out). */
export const PUBLIC_PAGES = [
  '/',
  '/aboutTeam',
  ...TEAM_SLUGS.map((slug) => `/about${slug}`),
  '/safety',
  '/terms-of-service',
  '/user-agreement',
];

export const SITEMAP_PATH = '/sitemap.xml';
/** The child files: `/sitemaps/pages.xml`, `/sitemaps/listings-1.xml`, … */
export const SITEMAP_FILES_PATH = '/sitemaps';
const PAGES_FILE = 'pages.xml';
const LISTINGS_FILE = /^listings-([1-9]\d{0,5})\.xml$/;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A W3C datetime (what <lastmod> takes), or null for a date that is none. */
function w3cDate(text: string): string | null {
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function entry(tag: 'url' | 'sitemap', loc: string, lastmod: string | null): string {
  const modified = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(loc)}</loc>${modified}</${tag}>\n`;
}

export interface Sitemaps {
  /** The sitemap index. */
  index(): Promise<string>;
  /** A child file by its name, or null when there is no such file. */
  file(name: string): Promise<string | null>;
}

interface Built {
  epoch: number;
  /** The active listings, split into files. */
  files: SitemapListing[][];
  /** Files written so far (each is written when first asked for). */
  written: Map<string, string>;
}

export function createSitemaps({
  db,
  readEpoch,
  publicUrl,
  urlsPerFile = SITEMAP_URLS_PER_FILE,
}: {
  db: Db;
  readEpoch: () => Promise<number>;
  publicUrl: string;
  /** Tests make it small to see the split without 50,000 listings. */
  urlsPerFile?: number;
}): Sitemaps {
  const perFile = Math.max(1, Math.min(urlsPerFile, SITEMAP_URLS_PER_FILE));
  let built: Built | undefined;
  let building: { epoch: number; done: Promise<Built> } | undefined;

  /** The listings as of the current epoch; requests arriving meanwhile share one read. */
  const current = async (): Promise<Built> => {
    const epoch = await readEpoch();
    if (built?.epoch === epoch) return built;
    if (building?.epoch !== epoch) {
      const done = sitemapListings(db).then((listings) => {
        const files: SitemapListing[][] = [];
        for (let at = 0; at < listings.length; at += perFile) {
          files.push(listings.slice(at, at + perFile));
        }
        const next = { epoch, files, written: new Map<string, string>() };
        // A build that finishes after a newer one started leaves the newer in place.
        if (!built || built.epoch <= epoch) built = next;
        return next;
      });
      building = { epoch, done };
      void done.finally(() => {
        if (building?.done === done) building = undefined;
      });
    }
    return building.done;
  };

  const fileUrl = (name: string) => `${publicUrl}${SITEMAP_FILES_PATH}/${name}`;
  const latest = (listings: SitemapListing[]) =>
    listings.reduce<string | null>((max, l) => {
      const at = w3cDate(l.changed_at);
      return at && (!max || at > max) ? at : max;
    }, null);

  return {
    async index() {
      const { files } = await current();
      const entries = [
        entry('sitemap', fileUrl(PAGES_FILE), null),
        ...files.map((listings, i) =>
          entry('sitemap', fileUrl(`listings-${i + 1}.xml`), latest(listings)),
        ),
      ];
      return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`;
    },

    async file(name) {
      if (name === PAGES_FILE) {
        const entries = PUBLIC_PAGES.map((page) => entry('url', `${publicUrl}${page}`, null));
        return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${entries.join('')}</urlset>\n`;
      }
      const number = LISTINGS_FILE.exec(name)?.[1];
      if (!number) return null;
      const state = await current();
      const listings = state.files[Number(number) - 1];
      if (!listings) return null;
      let xml = state.written.get(name);
      if (xml === undefined) {
        const entries = listings.map((l) =>
          entry('url', `${publicUrl}${SCREENS.listing(l.listing_id)}`, w3cDate(l.changed_at)),
        );
        xml = `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${entries.join('')}</urlset>\n`;
        state.written.set(name, xml);
      }
      return xml;
    },
  };
}
