import { describe, expect, it } from 'vitest';
import {
  CAMPUS_CENTRE,
  CAMPUS_LOCATIONS,
  DROPOFF_LOCATIONS,
  locationCoords,
  PICKUP_LOCATIONS,
} from './locations';

describe('campus locations', () => {
  it('offers the 11 pickup choices of the spec (Station Cafe is on the map only)', () => {
    expect(PICKUP_LOCATIONS).toHaveLength(11);
    expect(PICKUP_LOCATIONS).not.toContain('Station Cafe');
    expect(Object.keys(CAMPUS_LOCATIONS)).toHaveLength(12);
    expect(DROPOFF_LOCATIONS).toHaveLength(6);
    for (const name of DROPOFF_LOCATIONS) expect(PICKUP_LOCATIONS).toContain(name);
  });

  it('knows the coordinates of every location', () => {
    expect(locationCoords('Library')).toEqual({ lat: 37.7214, lng: -122.4778 });
    expect(locationCoords("Nizario's Pizza")).toEqual({ lat: 37.7225, lng: -122.4783 });
    expect(locationCoords('Station Cafe')).toEqual({ lat: 37.7223, lng: -122.4784 });
    for (const name of [...PICKUP_LOCATIONS, ...DROPOFF_LOCATIONS]) {
      expect(locationCoords(name)).toBe(CAMPUS_LOCATIONS[name]);
    }
  });

  it('falls back to the campus centre for unknown names', () => {
    expect(CAMPUS_CENTRE).toEqual({ lat: 37.7219, lng: -122.4782 });
    expect(locationCoords('Mars')).toBe(CAMPUS_CENTRE);
    expect(locationCoords('')).toBe(CAMPUS_CENTRE);
    expect(locationCoords(null)).toBe(CAMPUS_CENTRE);
    expect(locationCoords(undefined)).toBe(CAMPUS_CENTRE);
    // Names are matched exactly, and inherited object keys are not locations.
    expect(locationCoords('library')).toBe(CAMPUS_CENTRE);
    expect(locationCoords('toString')).toBe(CAMPUS_CENTRE);
  });
});
