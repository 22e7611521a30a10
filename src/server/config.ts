import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { EMAIL_VERIFICATION_MODES, REGISTRATIONS_PER_HOUR } from '#shared/identity.js';
import { DEFAULT_TILE_URL } from '#shared/tile-sources.js';
import { canonicalTimeZone, DEFAULT_CAMPUS_TIME_ZONE } from '#shared/campus-time.js';
import { defaultCampus, type Campus } from '#shared/campus.js';
import { parseCampus } from '#shared/campus-file.js';

/** An empty variable (`SMTP_URL=`) means the same as one not set. */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

function smtpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `address@domain` or `Name <address@domain>`. */
const MAILBOX = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

function webOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** The bytes of base64url text (no padding), or null when it is not that. */
function base64url(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

/** The browsers' push services (Chrome, Edge, Firefox, Safari, Samsung Internet, Opera). */
export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
];

/** `https://host[:port]`, or `https://*.domain` for every host under a domain. */
function pushOrigin(text: string): boolean {
  const concrete = text.replace(/^https:\/\/\*\./, 'https://any.');
  try {
    const url = new URL(concrete);
    return url.protocol === 'https:' && url.origin === concrete;
  } catch {
    return false;
  }
}

/** Does the private key (32 bytes) belong to the public key (an uncompressed P-256 point)? */
function vapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(
      /^(sqlite:|postgres:\/\/|postgresql:\/\/)/,
      'DATABASE_URL must be sqlite:<path> or postgres://…',
    )
    .default('sqlite:data/campus.db'),
  DEMO_DATA: z.enum(['0', '1']).default('1'),
  DATA_DIR: z.string().min(1).default('data'),
  // The campus file (docs/OPERATIONS.md, Another campus); the specification's campus without it.
  CAMPUS_FILE: z.preprocess(unsetIfEmpty, z.string().optional()),
  // Both override the campus file's own.
  CAMPUS_EMAIL_DOMAIN: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'CAMPUS_EMAIL_DOMAIN must be a domain like sfsu.edu')
      .optional(),
  ),
  // Dates on pages are written in it, on the server and in every browser.
  CAMPUS_TIME_ZONE: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine(
        (name) => canonicalTimeZone(name) !== null,
        'CAMPUS_TIME_ZONE must be a time zone name such as America/Los_Angeles',
      )
      .optional(),
  ),
  TILE_URL: z
    .string()
    .refine(
      (url) =>
        /^(https?:\/\/[^/]+)?\//.test(url) && ['{z}', '{x}', '{y}'].every((p) => url.includes(p)),
      'TILE_URL must be an http(s) URL (or a path on this server) with {z}, {x} and {y}',
    )
    .default(DEFAULT_TILE_URL),
  TILE_PREFETCH: z.enum(['0', '1']).default('0'),
  MAP_TILES: z
    .string()
    .min(1)
    .refine(readableFile, {
      error: (issue) => `${path.resolve(String(issue.input))} is missing or not a readable file`,
    })
    .optional(),
  MAP_ATTRIBUTION: z.string().min(1).max(500).optional(),
  CLIENT_DIR: z.string().default('dist/client'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  // The message never repeats the value: it may hold the SMTP password.
  SMTP_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine(smtpUrl, 'SMTP_URL must be smtp://user:password@host:port or smtps://…')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .regex(MAILBOX, 'MAIL_FROM must be an address, or a name and <address>')
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine(
        webOrigin,
        'PUBLIC_URL must be the http(s) address people open, like https://market.example.edu',
      )
      .optional(),
  ),
  EMAIL_VERIFICATION: z.enum(EMAIL_VERIFICATION_MODES).default('required'),
  // Addresses whose owners become moderators once their address is confirmed.
  MODERATOR_EMAILS: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.email({
            error: (issue) =>
              `MODERATOR_EMAILS must be e-mail addresses separated by commas; "${String(issue.input)}" is not one`,
          }),
        ),
      )
      .optional(),
  ),
  FLOOD_LIMITS: z.enum(['on', 'off'], { message: 'FLOOD_LIMITS must be on or off' }).default('on'),
  // Higher where many students reach the server from one public address.
  REGISTRATIONS_PER_HOUR: z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number({ message: 'REGISTRATIONS_PER_HOUR must be a number of registrations' })
      .int('REGISTRATIONS_PER_HOUR must be a whole number')
      .min(1, 'REGISTRATIONS_PER_HOUR must be 1 to 100000')
      .max(100_000, 'REGISTRATIONS_PER_HOUR must be 1 to 100000')
      .default(REGISTRATIONS_PER_HOUR),
  ),
  // Web Push (docs/decisions/026-notifications.md). The messages never repeat a key.
  VAPID_PUBLIC_KEY: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine((text) => {
        const bytes = base64url(text);
        return bytes?.length === 65 && bytes[0] === 4;
      }, 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (65 bytes)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine(
        (text) => base64url(text)?.length === 32,
        'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes)',
      )
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(
        /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
        'VAPID_SUBJECT must be a mailto: address or an https: URL where push services can reach you',
      )
      .optional(),
  ),
  PUSH_SERVICE_ORIGINS: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((part) => part.trim().toLowerCase().replace(/\/$/, ''))
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().refine(pushOrigin, {
            error: (issue) =>
              `PUSH_SERVICE_ORIGINS must be https origins separated by commas (https://host, https://host:port or https://*.domain); "${String(issue.input)}" is not one`,
          }),
        ),
      )
      .optional(),
  ),
  // The message never repeats the value: it is a secret.
  METRICS_TOKEN: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, 'METRICS_TOKEN must be 16 to 200 characters without spaces')
      .optional(),
  ),
  BACKUP_DIR: z.preprocess(unsetIfEmpty, z.string().min(1).optional()),
  BACKUP_INTERVAL_HOURS: z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number({ message: 'BACKUP_INTERVAL_HOURS must be a number of hours (0 turns backups off)' })
      .min(0, 'BACKUP_INTERVAL_HOURS must be 0 (off) or more')
      .max(24 * 366, 'BACKUP_INTERVAL_HOURS must be at most a year')
      .default(24),
  ),
  BACKUP_KEEP: z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number({ message: 'BACKUP_KEEP must be a number of copies' })
      .int('BACKUP_KEEP must be a whole number of copies')
      .min(1, 'BACKUP_KEEP must be at least 1')
      .max(1000, 'BACKUP_KEEP must be at most 1000')
      .default(7),
  ),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ message: 'SHUTDOWN_DRAIN_MS must be a number of milliseconds' })
    .int('SHUTDOWN_DRAIN_MS must be a whole number of milliseconds')
    .min(0, 'SHUTDOWN_DRAIN_MS must be 0 to 5000')
    .max(5000, 'SHUTDOWN_DRAIN_MS must be 0 to 5000 (a stop takes at most 10 s in all)')
    .default(0),
});

function readableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The environment read into the server's settings: one schema, which also gives the type.
 * Every variable is validated at start with a readable message.
 */
const configSchema = envSchema
  .superRefine((e, ctx) => {
    // Keys from the environment come as a pair that belongs together, or not at all.
    if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message:
          'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (or leave both out: a pair is made once and kept in the database)',
      });
    } else if (
      e.VAPID_PUBLIC_KEY &&
      e.VAPID_PRIVATE_KEY &&
      !vapidPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PRIVATE_KEY does not belong to VAPID_PUBLIC_KEY',
      });
    }
    // Mails sent for real need a sender the relay accepts and links that lead to this app.
    if (!e.SMTP_URL) return;
    if (!e.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'MAIL_FROM is required with SMTP_URL: the address mails are sent from',
      });
    }
    if (!e.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'PUBLIC_URL is required with SMTP_URL: the address the links in mails open',
      });
    }
  })
  .transform((e, ctx) => {
    let campus: Campus;
    try {
      campus = e.CAMPUS_FILE ? readCampusFile(e.CAMPUS_FILE) : defaultCampus();
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['CAMPUS_FILE'], message: (error as Error).message });
      return z.NEVER;
    }
    const campusTimeZone = e.CAMPUS_TIME_ZONE ?? campus.timeZone;
    const dataDir = path.resolve(e.DATA_DIR);
    const publicUrl = (e.PUBLIC_URL ?? localOrigin(e.HOST, e.PORT)).replace(/\/$/, '');
    const mailFrom = e.MAIL_FROM ?? 'Gator Market <no-reply@localhost>';
    return {
      port: e.PORT,
      host: e.HOST,
      databaseUrl: e.DATABASE_URL,
      demoData: e.DEMO_DATA === '1',
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
      campus,
      /** A student's address ends in one of these; the first is the one forms name. */
      campusEmailDomains: e.CAMPUS_EMAIL_DOMAIN
        ? [e.CAMPUS_EMAIL_DOMAIN.toLowerCase()]
        : [...campus.emailDomains],
      /** The campus's IANA time zone: pages write dates in it (docs/decisions/013). */
      campusTimeZone: canonicalTimeZone(campusTimeZone) ?? DEFAULT_CAMPUS_TIME_ZONE,
      tileUrl: e.TILE_URL,
      /** Courier phones may save the campus from TILE_URL in advance (the host allows it). */
      tilePrefetch: e.TILE_PREFETCH === '1',
      /** A raster tile archive (MBTiles) of the campus, served on this origin; replaces TILE_URL. */
      mapTiles: e.MAP_TILES ? path.resolve(e.MAP_TILES) : null,
      /** Overrides the attribution of the tiles (the archive's own, or OpenStreetMap's). */
      mapAttribution: e.MAP_ATTRIBUTION ?? null,
      clientDir: path.resolve(e.CLIENT_DIR),
      logLevel: e.LOG_LEVEL,
      trustProxy: e.TRUST_PROXY === '1',
      /** Where mails go: SMTP, or without SMTP_URL the built-in mailbox (/mailbox, loopback). */
      smtpUrl: e.SMTP_URL ?? null,
      mailFrom,
      /** The origin links in mails point at; never taken from a request's Host header. */
      publicUrl,
      emailVerification: e.EMAIL_VERIFICATION,
      /** Confirmed addresses that are given the moderator role when they sign in. */
      moderatorEmails: e.MODERATOR_EMAILS ?? [],
      /** Per-account limits on messages, listings and reports (off only for load tests). */
      floodLimits: e.FLOOD_LIMITS === 'on',
      /** Registrations one network address may make in an hour, refused or not. */
      registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
      /**
       * How long a stopping instance keeps serving while health answers 503, so a balancer marks
       * it down before it stops listening: its health-check interval times its fall count.
       */
      shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
      /** VAPID keys from the environment; null: a pair made once and kept in the database. */
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      /** Who push services may contact about our messages (RFC 8292 `sub`). */
      vapidSubject: e.VAPID_SUBJECT ?? vapidSubjectFor(publicUrl, mailFrom),
      /** Push subscriptions may only name these services (no request goes anywhere else). */
      pushServiceOrigins: e.PUSH_SERVICE_ORIGINS ?? DEFAULT_PUSH_SERVICE_ORIGINS,
      /** With it, /metrics answers `Authorization: Bearer <token>` from anywhere, and only that. */
      metricsToken: e.METRICS_TOKEN ?? null,
      /** Where scheduled backups go (by default the data folder's `backups`). */
      backupDir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      /** How often a scheduled backup is made; 0: never. */
      backupIntervalMs: Math.round(e.BACKUP_INTERVAL_HOURS * 60 * 60 * 1000),
      /** How many scheduled backups BACKUP_DIR keeps, the newest. */
      backupKeep: e.BACKUP_KEEP,
    };
  });

/** This server's own address, for links in the built-in mailbox's mails. */
function localOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/** Without VAPID_SUBJECT: the public https address, or else the sender's mailbox. */
function vapidSubjectFor(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

/** The campus file at `file`, checked; an error names the file and each wrong field. */
export function readCampusFile(file: string): Campus {
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(file), 'utf8');
  } catch (error) {
    throw new Error(
      `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      {
        cause: error,
      },
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  return parseCampus(data, file);
}

export type Config = z.output<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
