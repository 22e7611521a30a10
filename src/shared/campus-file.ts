/**
 * The campus file's rules (src/shared/campuses/*.json): checked by the server at start, with
 * errors that name the field, before the campus is used (campus.ts).
 */
import { z } from 'zod';
import { campusOf, type Campus } from './campus';
import { canonicalTimeZone } from './campus-time';

const latitude = z.number().min(-85).max(85);
const longitude = z.number().min(-180).max(180);
const point = z.object({ lat: latitude, lng: longitude });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day such as 07:30');

const spot = z.object({
  /** As people say it, and as requests, meetings and the lists write it. */
  name: z.string().trim().min(1).max(60),
  lat: latitude,
  lng: longitude,
  /** Offered where a vendor picks where a courier collects, and as a meeting spot. */
  pickup: z.boolean(),
  /** Offered where a buyer picks where the item is brought. */
  dropoff: z.boolean(),
});

export const campusFile = z
  .object({
    $comment: z.string().optional(),
    name: z.string().trim().min(1).max(100),
    /** The first is the one forms name; a student's address ends in one of them. */
    emailDomains: z
      .array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'a lower-case domain such as sfsu.edu'))
      .min(1),
    timeZone: z
      .string()
      .refine(
        (name) => canonicalTimeZone(name) !== null,
        'an IANA time zone such as America/Los_Angeles',
      ),
    hours: z.object({ opens: clock, closes: clock }),
    map: z.object({
      centre: point,
      /** The zooms a courier's phone keeps the campus area at. */
      minZoom: z.number().int().min(0).max(22),
      maxZoom: z.number().int().min(0).max(22),
      /** Room kept around the outermost spots, so the streets leading to them are shown too. */
      marginMetres: z.number().min(0).max(5_000),
      /** The area kept for offline; the spots and the margin when not given. */
      bounds: z
        .object({ west: longitude, south: latitude, east: longitude, north: latitude })
        .optional(),
    }),
    spots: z.array(spot).min(1).max(200),
    /** Where the coordinates come from. */
    sources: z.array(z.string()).optional(),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.spots.forEach((s, index) => {
      if (seen.has(s.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['spots', index, 'name'],
          message: `"${s.name}" names two spots`,
        });
      }
      seen.add(s.name);
    });
    if (!file.spots.some((s) => s.pickup)) {
      ctx.addIssue({ code: 'custom', path: ['spots'], message: 'no spot is a pickup choice' });
    }
    if (!file.spots.some((s) => s.dropoff)) {
      ctx.addIssue({ code: 'custom', path: ['spots'], message: 'no spot is a drop-off choice' });
    }
    if (file.map.minZoom > file.map.maxZoom) {
      ctx.addIssue({
        code: 'custom',
        path: ['map', 'minZoom'],
        message: 'minZoom is above maxZoom',
      });
    }
    const b = file.map.bounds;
    if (b && (b.west >= b.east || b.south >= b.north)) {
      ctx.addIssue({
        code: 'custom',
        path: ['map', 'bounds'],
        message: 'west must be below east, and south below north',
      });
    }
  });

export type CampusFile = z.infer<typeof campusFile>;

/**
 * The file checked: a Campus, or an error whose message names each wrong field
 * (`spots.3.lat: Too big: expected number to be <=85`).
 */
export function parseCampus(data: unknown, source = 'the campus file'): Campus {
  const checked = campusFile.safeParse(data);
  if (!checked.success) {
    const problems = checked.error.issues.map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(the file)'}: ${issue.message}`,
    );
    throw new Error(`${source} is not a campus file:\n  ${problems.join('\n  ')}`);
  }
  return campusOf(checked.data);
}
