/**
 * The head of a server-rendered page: its title, description and canonical address, the Open
 * Graph and Twitter card tags that chat apps and social sites read for a link's preview, and a
 * listing's schema.org `Product` with its `Offer` for search engines (docs/decisions/013).
 * Built from what the page said about itself while it rendered (`PageMeta`).
 */
import type { ItemAvailability, OfferItemCondition, Product, WithContext } from 'schema-dts';
import type { Condition } from '#shared/constants.js';
import type { ListingDetail } from '#shared/schemas/listings.js';
import type { PageMeta } from '#shared/page-meta.js';
import { SCREENS } from '#shared/screens.js';
import { escapeHtml, scriptSafeJson } from './page-html.js';

export const SITE_NAME = 'Gator Market';
/** Said of pages without a description of their own, when index.html has none. */
export const SITE_DESCRIPTION = 'Buy and sell with students on campus.';
/** The picture of a page without one of its own: the app's icon. */
const SITE_ICON = '/icons/icon-512.png';
const SITE_ICON_FACTS: PictureFacts = { width: 512, height: 512, type: 'image/png' };
/** Previews show a sentence or two; longer descriptions are cut at a word. */
const DESCRIPTION_CHARS = 200;

/** A picture's size and type, when the server knows them (stored pictures). */
export interface PictureFacts {
  width: number;
  height: number;
  type: string;
}

export interface HeadInput {
  /** PUBLIC_URL: every address in the head is absolute. */
  publicUrl: string;
  /** The request's path, the page's address when it names none. */
  pathname: string;
  /** The description of pages that have none of their own (index.html's). */
  siteDescription: string;
  meta: PageMeta;
  /** The facts of the listing's cover picture, if it is a stored one. */
  picture?: PictureFacts;
}

export interface PageHead {
  title?: string;
  description: string;
  /** Tags for the head, after the description. */
  tags: string;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Whitespace folded, and cut at a word past `max` characters. */
function clip(text: string, max = DESCRIPTION_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > max / 2 ? cut.slice(0, word) : cut).trimEnd()}…`;
}

/** The absolute address of a listing's picture, as stored (the 960 px size), or null. */
export function absolutePicture(url: string | null | undefined, publicUrl: string): string | null {
  if (!url) return null;
  if (url.startsWith('/uploads/')) return `${publicUrl}${url.replace(/-sm\.webp$/, '.webp')}`;
  // Pictures of listings made before uploads were stored: an outside http(s) address is used as
  // it is; anything else (a data: URL) is no address a preview could fetch.
  return /^https?:\/\//.test(url) ? url : null;
}

/** The listing's cover: the picture its preview shows. */
export const coverOf = (listing: ListingDetail) => listing.photos[0] ?? listing.thumbnail;

const CONDITION: Record<Condition, OfferItemCondition> = {
  New: 'https://schema.org/NewCondition',
  'Used - Like New': 'https://schema.org/UsedCondition',
  'Used - Good': 'https://schema.org/UsedCondition',
  'Used - Fair': 'https://schema.org/UsedCondition',
};

/**
 * Sold; on hold for a buyer (docs/sales-states.md: others may still offer once it is released);
 * set Out of Stock by its seller; for sale.
 */
function availability(listing: ListingDetail): ItemAvailability {
  if (listing.listing_status === 'Sold') return 'https://schema.org/SoldOut';
  if (onHold(listing)) return 'https://schema.org/LimitedAvailability';
  return listing.availability === 'In Stock'
    ? 'https://schema.org/InStock'
    : 'https://schema.org/OutOfStock';
}

/** Open Graph's words for the same (Facebook's product:availability). */
function ogAvailability(listing: ListingDetail): string {
  if (listing.listing_status === 'Sold') return 'out of stock';
  if (onHold(listing)) return 'pending';
  return listing.availability === 'In Stock' ? 'in stock' : 'out of stock';
}

/** A listing on hold for a buyer says so (`on_hold`, absent otherwise). */
const onHold = (listing: ListingDetail) =>
  (listing as ListingDetail & { on_hold?: boolean }).on_hold === true;

/** schema.org's `Product` for a listing: its offer, condition and seller. */
export function productData(listing: ListingDetail, publicUrl: string): WithContext<Product> {
  const url = `${publicUrl}${SCREENS.listing(listing.listing_id)}`;
  const images = [listing.thumbnail, ...listing.photos]
    .map((photo) => absolutePicture(photo, publicUrl))
    .filter((photo, i, all): photo is string => photo !== null && all.indexOf(photo) === i);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.title,
    description: listing.description,
    ...(images.length > 0 && { image: images }),
    sku: String(listing.listing_id),
    category: listing.category,
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: listing.price.toFixed(2),
      priceCurrency: 'USD',
      availability: availability(listing),
      itemCondition: CONDITION[listing.conditions],
      seller: {
        '@type': 'Person',
        name: listing.username,
        url: `${publicUrl}${SCREENS.publicProfile(listing.vendor_id)}`,
      },
    },
  };
}

const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`;

/** The head of a page the server rendered. */
export function pageHead({
  publicUrl,
  pathname,
  siteDescription,
  meta: page,
  picture,
}: HeadInput): PageHead {
  const robots = page.noindex || page.status === 404 ? [meta('name', 'robots', 'noindex')] : [];
  // A missing page is no page to preview or to index: its title and message only.
  if (page.status === 404) {
    return { title: page.title, description: siteDescription, tags: robots.join('') };
  }
  const { listing, seller } = page;
  const path = listing
    ? SCREENS.listing(listing.listing_id)
    : seller
      ? SCREENS.publicProfile(seller.user_id)
      : (page.path ?? pathname);
  const url = `${publicUrl}${path}`;

  let title = page.title ?? SITE_NAME;
  let description = page.description ?? siteDescription;
  let type = 'website';
  let image: { url: string; alt: string; facts?: PictureFacts } = {
    url: `${publicUrl}${SITE_ICON}`,
    alt: SITE_NAME,
    facts: SITE_ICON_FACTS,
  };
  let large = false;
  const extra: string[] = [];
  if (listing) {
    title = listing.title;
    const facts = [usd.format(listing.price), listing.conditions, listing.category];
    if (listing.listing_status === 'Sold') facts.push('Sold');
    description = clip(`${facts.join(' · ')}. ${listing.description}`);
    type = 'product';
    const cover = absolutePicture(coverOf(listing), publicUrl);
    if (cover) {
      image = { url: cover, alt: listing.title, facts: picture };
      large = true;
    }
    const price = listing.price.toFixed(2);
    const condition = listing.conditions === 'New' ? 'new' : 'used';
    extra.push(
      meta('property', 'product:price:amount', price),
      meta('property', 'product:price:currency', 'USD'),
      meta('property', 'og:price:amount', price),
      meta('property', 'og:price:currency', 'USD'),
      meta('property', 'product:availability', ogAvailability(listing)),
      meta('property', 'product:condition', condition),
      `<script type="application/ld+json">${scriptSafeJson(productData(listing, publicUrl))}</script>`,
    );
  } else if (seller) {
    title = `${seller.username} on ${SITE_NAME}`;
    const reviews = seller.review_count;
    description =
      reviews > 0 && seller.rating !== null
        ? `${seller.username} sells on ${SITE_NAME}, the campus marketplace: rated ${seller.rating}/5 in ${reviews} review${reviews === 1 ? '' : 's'}.`
        : `${seller.username} sells on ${SITE_NAME}, the campus marketplace.`;
    type = 'profile';
    extra.push(meta('property', 'profile:username', seller.username));
  }

  const tags = [
    ...robots,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'en_US'),
    meta('property', 'og:type', type),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image.url),
    ...(image.facts
      ? [
          meta('property', 'og:image:type', image.facts.type),
          meta('property', 'og:image:width', image.facts.width),
          meta('property', 'og:image:height', image.facts.height),
        ]
      : []),
    meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', large ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image.url),
    meta('name', 'twitter:image:alt', image.alt),
    ...extra,
  ];
  return { title: page.title, description, tags: tags.join('') };
}
