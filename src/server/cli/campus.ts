/**
 * npm run campus -- <campus file>: checks a campus file as the server will at start, and says
 * what it gives: its spots, and the campus area a map archive must cover with the tiles a
 * courier's phone saves from it (docs/OPERATIONS.md, Another campus).
 */
import { campusBounds, campusTiles } from '#shared/campus-area.js';
import { setCampus } from '#shared/campus.js';
import { readCampusFile } from '../config.js';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run campus -- <campus file>');
  process.exit(2);
}
let campus;
try {
  campus = readCampusFile(file);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
setCampus(campus);
const area = campusBounds();
const round = (n: number) => n.toFixed(5);
const { minZoom, maxZoom } = campus.map;
const tiles = campusTiles({ minZoom, maxZoom, bounds: null });
console.log(`${campus.name}: a valid campus file.
  E-mail: @${campus.emailDomains.join(', @')}; time zone ${campus.timeZone}; open ${campus.hours.opens}-${campus.hours.closes}
  Pickup choices (${campus.pickups.length}): ${campus.pickups.join(', ')}
  Drop-off choices (${campus.dropoffs.length}): ${campus.dropoffs.join(', ')}
  Campus area (west, south, east, north): ${round(area.west)}, ${round(area.south)}, ${round(area.east)}, ${round(area.north)}
  A courier's phone saves ${tiles.length} tiles of it, zooms ${minZoom} to ${maxZoom}: the map archive must cover it.`);
