/**
 * The phone journeys in WebKit: WebKitGTK's MiniBrowser, a fresh one for each phone, through
 * the lane's WebKitWebDriver (global-setup.ts).
 */
import { inject } from 'vitest';
import { webkitPorts } from '../../fixtures/ports';
import { openWebKitPhone } from '../drivers/webdriver';
import { JOURNEYS } from '../journeys';
import { lane } from '../lane';

lane(
  {
    name: 'WebKit',
    start: async () => {},
    openPhone: (baseUrl) => openWebKitPhone(inject('webkit'), baseUrl),
    stop: async () => {},
  },
  webkitPorts(),
  JOURNEYS,
);
