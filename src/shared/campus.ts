/**
 * The campus the product serves, as data: its name, the e-mail domains of its students, its
 * spots (which are pickup and drop-off choices), its map, its time zone and hours. One file
 * (src/shared/campuses/*.json; CAMPUS_FILE on the server) describes it. The server checks it at
 * start and hands it to browsers in GET /api/config and, when it is not the default, in every
 * page (docs/OPERATIONS.md, "Another campus"; decision 032). Without a file, the campus is the
 * specification's San Francisco State.
 *
 * Everything that names spots (the forms' lists, the checks on a request, the maps, the campus
 * area a courier's phone keeps) reads the campus in use from here.
 */
import sfsu from './campuses/sfsu.json' with { type: 'json' };
import type { CampusFile } from './campus-file';
import { adoptedCampusFile } from './campus-state';

export interface LatLng {
  lat: number;
  lng: number;
}

/** A campus file, checked, with its lists worked out once. */
export interface Campus {
  name: string;
  emailDomains: readonly string[];
  timeZone: string;
  hours: { opens: string; closes: string };
  map: CampusFile['map'];
  /** Every spot by name, map-only ones included. */
  spots: Readonly<Record<string, LatLng>>;
  /** Pickup choices, in the file's order. */
  pickups: readonly string[];
  /** Drop-off choices, in the file's order. */
  dropoffs: readonly string[];
  /** The file as it was read (what the server hands to browsers). */
  file: CampusFile;
}

/** The campus a checked file describes. */
export function campusOf(file: CampusFile): Campus {
  return {
    name: file.name,
    emailDomains: file.emailDomains,
    timeZone: file.timeZone,
    hours: file.hours,
    map: file.map,
    spots: Object.fromEntries(file.spots.map((s) => [s.name, { lat: s.lat, lng: s.lng }])),
    pickups: file.spots.filter((s) => s.pickup).map((s) => s.name),
    dropoffs: file.spots.filter((s) => s.dropoff).map((s) => s.name),
    file,
  };
}

let standard: Campus | undefined;

/** The specification's campus (campuses/sfsu.json): the one served without CAMPUS_FILE. */
export function defaultCampus(): Campus {
  return (standard ??= campusOf(sfsu as CampusFile));
}

let current: Campus | undefined;

/**
 * The campus in use: the server's file, or in a browser the one its pages named (adopted as it
 * started: campus-state.ts), else the default.
 */
export function campus(): Campus {
  if (!current) {
    const adopted = adoptedCampusFile();
    current = adopted ? campusOf(adopted) : defaultCampus();
  }
  return current;
}

/**
 * Makes `next` the campus in use: once, at start, before anything reads it (the server from
 * CAMPUS_FILE, a browser from its page or its saved copy).
 */
export function setCampus(next: Campus): void {
  current = next;
}
