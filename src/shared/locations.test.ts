import { describe, expect, it } from 'vitest';
import {
  campusCentre,
  campusLocations,
  dropoffLocations,
  locationCoords,
  pickupLocations,
} from './locations';

describe('campus locations', () => {
  it('offers the 11 pickup choices of the spec (Station Cafe is on the map only)', () => {
    expect(pickupLocations()).toHaveLength(11);
    expect(pickupLocations()).not.toContain('Station Cafe');
    expect(Object.keys(campusLocations())).toHaveLength(12);
    expect(dropoffLocations()).toHaveLength(6);
    for (const name of dropoffLocations()) expect(pickupLocations()).toContain(name);
  });

  it('knows the coordinates of every location', () => {
    expect(locationCoords('Library')).toEqual({ lat: 37.7214, lng: -122.4778 });
    expect(locationCoords("Nizario's Pizza")).toEqual({ lat: 37.7225, lng: -122.4783 });
    expect(locationCoords('Station Cafe')).toEqual({ lat: 37.7223, lng: -122.4784 });
    for (const name of [...pickupLocations(), ...dropoffLocations()]) {
      expect(locationCoords(name)).toBe(campusLocations()[name]);
    }
  });

  it('falls back to the campus centre for unknown names', () => {
    expect(campusCentre()).toEqual({ lat: 37.7219, lng: -122.4782 });
    expect(locationCoords('Mars')).toBe(campusCentre());
    expect(locationCoords('')).toBe(campusCentre());
    expect(locationCoords(null)).toBe(campusCentre());
    expect(locationCoords(undefined)).toBe(campusCentre());
    // Names are matched exactly, and inherited object keys are not locations.
    expect(locationCoords('library')).toBe(campusCentre());
    expect(locationCoords('toString')).toBe(campusCentre());
  });
});
