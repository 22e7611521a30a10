/**
 * Every API path, written once, by area (`api-paths/`): the browser's code imports the area it
 * needs, so a page carries only its own paths; the server, the service worker and the tests
 * read them all here. Functions build paths with parameters.
 */
import * as accountPaths from './api-paths/accounts.js';
import * as listingPaths from './api-paths/listings.js';
import * as messagePaths from './api-paths/messages.js';
import * as safetyPaths from './api-paths/moderation.js';
import * as orderPaths from './api-paths/deliveries.js';
import * as notificationPaths from './api-paths/notifications.js';
import * as systemPaths from './api-paths/system.js';
import * as favoritePaths from './api-paths/listings-favorites.js';
import * as salePaths from './api-paths/sales.js';

export const API = {
  ...accountPaths,
  ...listingPaths,
  ...messagePaths,
  ...safetyPaths,
  ...orderPaths,
  ...notificationPaths,
  ...systemPaths,
  ...favoritePaths,
  ...salePaths,
} as const;
