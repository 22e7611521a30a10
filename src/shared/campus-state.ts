/**
 * The campus file a browser adopted as it started (its page's, or its saved copy), kept apart
 * from campus.ts so the start of every page carries no campus data and no rules: campus.ts
 * reads it the first time a screen asks for a spot.
 */
import type { CampusFile } from './campus-file';

/** The id of the element that carries the campus file in pages the server sends. */
export const CAMPUS_ELEMENT_ID = 'campus';

let adopted: CampusFile | null = null;

/** The campus the server named, for campus.ts; null for the default campus. */
export function adoptCampusFile(file: CampusFile | null): void {
  adopted = file;
}

export function adoptedCampusFile(): CampusFile | null {
  return adopted;
}
