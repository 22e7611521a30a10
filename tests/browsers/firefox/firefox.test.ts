/**
 * The phone journeys in Firefox: one Firefox ESR for the lane (Debian's firefox-esr), each
 * phone a browser context of its own, driven over WebDriver BiDi.
 */
import { findBrowsers, installCommand } from '../../../scripts/browsers.mjs';
import { firefoxPorts } from '../../fixtures/ports';
import { launchFirefox, type Firefox } from '../drivers/bidi';
import { students } from '../journeys/account';
import { courier } from '../journeys/courier';
import { offlineReload, savedCopy } from '../journeys/saved-copy';
import { share } from '../journeys/share';
import { visitor } from '../journeys/visitor';
import { lane } from '../lane';

let firefox: Firefox | null = null;

lane(
  {
    name: 'Firefox',
    async start() {
      const { firefox: path } = findBrowsers();
      if (!path)
        throw new Error(`The Firefox lane needs firefox-esr: ${installCommand(['firefox-esr'])}`);
      firefox = await launchFirefox(path);
    },
    openPhone: (baseUrl) => firefox!.openPhone(baseUrl),
    stop: async () => {
      await firefox?.close();
    },
  },
  firefoxPorts(),
  // Within the lane's two minutes: the meeting's offline handover code goes through the same
  // outbox as the courier's update, and no signed-in page of the app enters Firefox's
  // back/forward cache, so the saved copy's return from it is WebKit's.
  [visitor, students, courier, { ...savedCopy, journeys: [offlineReload] }, share],
);
