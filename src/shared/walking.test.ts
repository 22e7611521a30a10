import { describe, expect, it } from 'vitest';
import { locationCoords, metersBetween } from './locations';
import {
  ARRIVING_WITHIN_METERS,
  WALKING_DETOUR_FACTOR,
  WALKING_METERS_PER_MINUTE,
  walkingEstimate,
  walkingText,
} from './walking';

describe('walking distance across campus', () => {
  it('is the straight line times the detour factor, at walking pace', () => {
    const from = locationCoords('Library');
    const to = locationCoords('Annex 1');
    const line = metersBetween(from, to);
    const estimate = walkingEstimate(from, to);
    expect(estimate.meters).toBe(Math.round((line * WALKING_DETOUR_FACTOR) / 10) * 10);
    expect(estimate.minutes).toBe(
      Math.ceil((line * WALKING_DETOUR_FACTOR) / WALKING_METERS_PER_MINUTE),
    );
    expect(estimate.arriving).toBe(false);
    expect(walkingText(estimate)).toBe(`${estimate.meters} m · about ${estimate.minutes} min walk`);
  });

  it(`says "Arriving" under ${ARRIVING_WITHIN_METERS} m of walking`, () => {
    const spot = locationCoords('Library');
    const near = { lat: spot.lat + 0.0002, lng: spot.lng }; // about 22 m, 29 m walking
    expect(walkingEstimate(near, spot).arriving).toBe(true);
    expect(walkingText(walkingEstimate(near, spot))).toBe('Arriving');
    const farther = { lat: spot.lat + 0.0005, lng: spot.lng }; // about 56 m, 72 m walking
    expect(walkingEstimate(farther, spot).arriving).toBe(false);
    expect(walkingEstimate(spot, spot).minutes).toBe(1);
  });

  it('writes kilometres past a thousand metres', () => {
    expect(walkingText({ meters: 1240, minutes: 16, arriving: false })).toBe(
      '1.2 km · about 16 min walk',
    );
  });
});
