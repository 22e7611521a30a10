import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { EMAIL_VERIFICATION_MODES } from '#shared/identity.js';
import { DEFAULT_TILE_URL } from '#shared/tile-sources.js';

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
  CAMPUS_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'CAMPUS_EMAIL_DOMAIN must be a domain like sfsu.edu')
    .default('sfsu.edu'),
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
  .transform((e) => {
    const dataDir = path.resolve(e.DATA_DIR);
    return {
      port: e.PORT,
      host: e.HOST,
      databaseUrl: e.DATABASE_URL,
      demoData: e.DEMO_DATA === '1',
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
      campusEmailDomain: e.CAMPUS_EMAIL_DOMAIN.toLowerCase(),
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
      mailFrom: e.MAIL_FROM ?? 'Gator Market <no-reply@localhost>',
      /** The origin links in mails point at; never taken from a request's Host header. */
      publicUrl: (e.PUBLIC_URL ?? localOrigin(e.HOST, e.PORT)).replace(/\/$/, ''),
      emailVerification: e.EMAIL_VERIFICATION,
      /** Confirmed addresses that are given the moderator role when they sign in. */
      moderatorEmails: e.MODERATOR_EMAILS ?? [],
      /** Per-account limits on messages, listings and reports (off only for load tests). */
      floodLimits: e.FLOOD_LIMITS === 'on',
      /**
       * How long a stopping instance keeps serving while health answers 503, so a balancer marks
       * it down before it stops listening: its health-check interval times its fall count.
       */
      shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
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

export type Config = z.output<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
