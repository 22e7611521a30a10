/**
 * The courier's map view control: "Show all" frames the pickup, the drop-off and the courier;
 * the same button goes back to the spec's view (zoom 18 on the next spot). jsdom lays nothing
 * out, so the map gets a phone's size and the test reads the view Leaflet was asked for; the
 * real map in Chromium is checked in tests/e2e/deliveries/map-show-all.spec.ts.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Map as LeafletMap } from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeliveryMap } from '#client/features/deliveries/courier/components/delivery-map.js';
import { MAP_ZOOM } from '#shared/constants.js';
import type { DeliveryStatus } from '#shared/delivery.js';
import { locationCoords, type LatLng } from '#shared/locations.js';
import { stubApi } from '../support/fetch-stub';
import { testQueryClient } from '../support/render';

const PICKUP = locationCoords('Cafe 101');
const DROPOFF = locationCoords('Annex 1');
/** South-east of both, near Hensill Hall. */
const COURIER: LatLng = { lat: 37.7232, lng: -122.4758 };

const WIDTH = 412;
const HEIGHT = 346;

let fitBounds: ReturnType<typeof vi.spyOn>;
let setView: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // A phone's map panel (jsdom gives every element a size of 0).
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(HEIGHT);
  fitBounds = vi.spyOn(LeafletMap.prototype, 'fitBounds');
  setView = vi.spyOn(LeafletMap.prototype, 'setView');
  stubApi({ 'GET /api/config': { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png' } });
});
afterEach(() => vi.restoreAllMocks());

function mapOf(status: DeliveryStatus, position: LatLng | null = COURIER) {
  const client = testQueryClient();
  const ui = (s: DeliveryStatus, p: LatLng | null) => (
    <QueryClientProvider client={client}>
      <div role="region" aria-label="Delivery map">
        <DeliveryMap
          pickup="Cafe 101"
          dropoff="Annex 1"
          status={s}
          position={p}
          onReady={() => undefined}
        />
      </div>
    </QueryClientProvider>
  );
  const view = render(ui(status, position));
  const region = screen.getByRole('region', { name: 'Delivery map' });
  return {
    ...view,
    region,
    user: userEvent.setup(),
    update: (s: DeliveryStatus, p: LatLng | null) => view.rerender(ui(s, p)),
  };
}

/** The Leaflet map on screen (the one the view calls went to). */
function theMap(): LeafletMap {
  const map = setView.mock.contexts.at(-1) as LeafletMap | undefined;
  if (!map) throw new Error('no map view was set');
  return map;
}

/** Where the map shows `p`, in pixels from the map's top left corner. */
const pixelOf = (p: LatLng) => theMap().latLngToContainerPoint([p.lat, p.lng]);

/** The spec's view: zoom 18, centred on `p`. */
function expectCentredOn(p: LatLng) {
  expect(theMap().getZoom()).toBe(MAP_ZOOM);
  const centre = pixelOf(p);
  expect(Math.round(centre.x)).toBe(WIDTH / 2);
  expect(Math.round(centre.y)).toBe(HEIGHT / 2);
}

/** Every spot in view, clear of the map's edges (the fit's padding). */
function expectInView(...points: LatLng[]) {
  for (const p of points) {
    const { x, y } = pixelOf(p);
    expect(x).toBeGreaterThanOrEqual(30);
    expect(x).toBeLessThanOrEqual(WIDTH - 30);
    expect(y).toBeGreaterThanOrEqual(30);
    expect(y).toBeLessThanOrEqual(HEIGHT - 30);
  }
}

describe("courier's map: Show all", () => {
  it('starts at the spec view, fits all three with padding on Show all, and goes back', async () => {
    const { region, user } = mapOf('Assigned');
    const showAll = within(region).getByRole('button', { name: 'Show all' });
    // The spec's default: zoom 18 on the pickup while Assigned.
    expectCentredOn(PICKUP);

    await user.click(showAll);
    expect(fitBounds).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ padding: [expect.any(Number), expect.any(Number)] }),
    );
    expectInView(PICKUP, DROPOFF, COURIER);

    // The same button now goes back, and says where to.
    await user.click(within(region).getByRole('button', { name: 'Show pickup' }));
    expectCentredOn(PICKUP);
    expect(within(region).getByRole('button', { name: 'Show all' })).toBeVisible();
  });

  it('goes back to the drop-off once the item is picked up', async () => {
    const { region, user, update } = mapOf('Assigned');
    await user.click(within(region).getByRole('button', { name: 'Show all' }));
    update('Picked Up', COURIER);
    expectInView(PICKUP, DROPOFF, COURIER);
    await user.click(within(region).getByRole('button', { name: 'Show drop-off' }));
    expectCentredOn(DROPOFF);
  });

  it('works from the keyboard', async () => {
    const { region, user } = mapOf('Picked Up');
    expectCentredOn(DROPOFF);
    within(region).getByRole('button', { name: 'Show all' }).focus();
    await user.keyboard('{Enter}');
    expectInView(PICKUP, DROPOFF, COURIER);
    expect(within(region).getByRole('button', { name: 'Show drop-off' })).toHaveFocus();
    await user.keyboard(' ');
    expectCentredOn(DROPOFF);
  });

  it('fits the pickup and the drop-off while the courier position is unknown', async () => {
    const { region, user } = mapOf('Assigned', null);
    await user.click(within(region).getByRole('button', { name: 'Show all' }));
    expectInView(PICKUP, DROPOFF);
  });

  it('widens the view when the courier walks out of it, and leaves it alone otherwise', async () => {
    const { region, user, update } = mapOf('Assigned');
    await user.click(within(region).getByRole('button', { name: 'Show all' }));
    const fits = fitBounds.mock.calls.length;
    // A few metres: still in view, so the view stays as the courier left it.
    update('Assigned', { lat: COURIER.lat + 0.00005, lng: COURIER.lng });
    expect(fitBounds.mock.calls.length).toBe(fits);
    // Far to the south: out of view, so the map fits everyone again.
    const away = { lat: 37.715, lng: -122.47 };
    update('Assigned', away);
    expect(fitBounds.mock.calls.length).toBe(fits + 1);
    expectInView(PICKUP, DROPOFF, away);
  });
});
