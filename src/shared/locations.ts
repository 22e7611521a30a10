/**
 * Campus locations: every pickup and drop-off spot with its coordinates, from the campus in use
 * (campus.ts). Read when needed, never kept at module load: a browser learns its campus as it
 * starts.
 */
import { campus, type LatLng } from './campus';

export type { LatLng } from './campus';

/** A spot's name, as the campus file writes it. */
export type CampusLocation = string;
export type PickupLocation = string;
export type DropoffLocation = string;

/** The middle of the campus map. */
export function campusCentre(): LatLng {
  return campus().map.centre;
}

/** Every spot by name, map-only ones (the default campus's Station Cafe) included. */
export function campusLocations(): Readonly<Record<string, LatLng>> {
  return campus().spots;
}

/**
 * The pickup choices, in the order the product lists them. On the default campus "Station
 * Cafe" is on the map only (it has coordinates but is not offered as a pickup choice).
 */
export function pickupLocations(): readonly PickupLocation[] {
  return campus().pickups;
}

/** The drop-off choices, in the order the product lists them. */
export function dropoffLocations(): readonly DropoffLocation[] {
  return campus().dropoffs;
}

/** Coordinates of a campus location by name; unknown names fall back to the campus centre. */
export function locationCoords(name: string | null | undefined): LatLng {
  const spots = campusLocations();
  if (name && Object.hasOwn(spots, name)) return spots[name]!;
  return campusCentre();
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
