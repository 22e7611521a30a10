/**
 * robots.txt: search engines may read the public pages (home, search, listings, profiles, about,
 * legal); the API, the server's own pages and everyone's signed-in screens are not theirs to
 * crawl. Paths in robots.txt are case-sensitive while the app's routes are not, so each private
 * screen is named as its route spells it and as the app's links do.
 */
import { IDENTITY_PAGES } from '#shared/identity.js';
import { SITEMAP_PATH } from './sitemap.js';

export const PRIVATE_PATHS = [
  '/api/',
  '/mailbox',
  '/metrics',
  '/tiles/',
  '/chats',
  '/Chats',
  '/realUserProfile',
  '/RealUserProfile',
  '/userListings',
  '/vendorPage',
  '/editListing/',
  '/favorites',
  '/moderation',
  '/notifications',
  '/courierPage',
  '/CourierPage',
  '/CourierNav',
  '/courierNav/',
  '/courierRecord',
  '/OrderStatus',
  '/vendorDeliveryRequest',
  IDENTITY_PAGES.forgotPassword,
  IDENTITY_PAGES.resetPassword,
  IDENTITY_PAGES.verifyEmail,
];

export function robotsTxt(publicUrl: string): string {
  return [
    '# Gator Market: the public pages are for everyone; the API and signed-in screens are not.',
    'User-agent: *',
    // First: crawlers that take the first matching line (not the longest) read these first.
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}
