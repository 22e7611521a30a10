/**
 * "Where is my courier": walking distance and minutes across campus without a routing server.
 * The straight line between two points, times a detour factor for paths and buildings, at a
 * student's walking pace (docs/decisions/022-delivery-proof.md).
 */
import { locationCoords, metersBetween, type LatLng } from './locations.js';

/** About 4.8 km/h: an unhurried walk with a parcel. */
export const WALKING_METERS_PER_MINUTE = 80;
/** Campus paths are rarely straight: the walk is about this much longer than the line. */
export const WALKING_DETOUR_FACTOR = 1.3;
/** Closer than this (walking metres), the courier is "Arriving". */
export const ARRIVING_WITHIN_METERS = 50;

export interface WalkingEstimate {
  /** Walking metres, rounded to 10. */
  meters: number;
  /** Whole minutes, at least 1. */
  minutes: number;
  arriving: boolean;
}

export function walkingEstimate(from: LatLng, to: LatLng): WalkingEstimate {
  const walk = metersBetween(from, to) * WALKING_DETOUR_FACTOR;
  return {
    meters: Math.round(walk / 10) * 10,
    minutes: Math.max(1, Math.ceil(walk / WALKING_METERS_PER_MINUTE)),
    arriving: walk < ARRIVING_WITHIN_METERS,
  };
}

/** "Arriving", or "350 m · about 5 min walk" (1.2 km past a kilometre). */
export function walkingText(estimate: WalkingEstimate): string {
  if (estimate.arriving) return 'Arriving';
  const distance =
    estimate.meters >= 1000 ? `${(estimate.meters / 1000).toFixed(1)} km` : `${estimate.meters} m`;
  return `${distance} · about ${estimate.minutes} min walk`;
}

/** Where the courier is walking to: the pickup spot while Assigned, else the drop-off. */
export function walkingTarget(delivery: {
  delivery_status: string;
  pickup: string;
  dropoff: string;
}): LatLng {
  return locationCoords(
    delivery.delivery_status === 'Assigned' ? delivery.pickup : delivery.dropoff,
  );
}
