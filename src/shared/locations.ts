/** Campus locations: every pickup and dropoff spot with its coordinates. */

export interface LatLng {
  lat: number;
  lng: number;
}

export const CAMPUS_CENTRE: LatLng = { lat: 37.7219, lng: -122.4782 };

export const CAMPUS_LOCATIONS = {
  'SFSU Bookstore': { lat: 37.7224, lng: -122.4784 },
  Quickly: { lat: 37.7226, lng: -122.4788 },
  'Halal Shop': { lat: 37.7226, lng: -122.4786 },
  'Cafe 101': { lat: 37.7223, lng: -122.4785 },
  "Nizario's Pizza": { lat: 37.7225, lng: -122.4783 },
  'Station Cafe': { lat: 37.7223, lng: -122.4784 },
  'Cesar Chavez': { lat: 37.7225, lng: -122.4786 },
  'Student Services': { lat: 37.7234, lng: -122.4808 },
  Library: { lat: 37.7214, lng: -122.4778 },
  'Hensill Hall': { lat: 37.7235, lng: -122.4755 },
  'The Village at Centennial Square': { lat: 37.7233, lng: -122.482 },
  'Annex 1': { lat: 37.7268, lng: -122.4821 },
} as const satisfies Record<string, LatLng>;
export type CampusLocation = keyof typeof CAMPUS_LOCATIONS;

/**
 * The pickup choices, in the order the product lists them. "Station Cafe" is on the map only
 * (it has coordinates but is not offered as a pickup choice).
 */
export const DROPOFF_LOCATIONS = [
  'Cesar Chavez',
  'Student Services',
  'Library',
  'Hensill Hall',
  'The Village at Centennial Square',
  'Annex 1',
] as const satisfies readonly CampusLocation[];
export type DropoffLocation = (typeof DROPOFF_LOCATIONS)[number];

/** Every dropoff spot is a pickup spot too, after the five shops. */
export const PICKUP_LOCATIONS = [
  'SFSU Bookstore',
  'Quickly',
  'Halal Shop',
  'Cafe 101',
  "Nizario's Pizza",
  ...DROPOFF_LOCATIONS,
] as const satisfies readonly CampusLocation[];
export type PickupLocation = (typeof PICKUP_LOCATIONS)[number];

/** Coordinates of a campus location by name; unknown names fall back to the campus centre. */
export function locationCoords(name: string | null | undefined): LatLng {
  if (name && Object.hasOwn(CAMPUS_LOCATIONS, name)) {
    return CAMPUS_LOCATIONS[name as CampusLocation];
  }
  return CAMPUS_CENTRE;
}

/** Distance in metres between two points (haversine). */
export function metersBetween(a: LatLng, b: LatLng): number {
  const R = 6_371_000;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}
