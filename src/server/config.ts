import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TILE_URL } from '../shared/schemas/config.js';

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
  TILE_URL: z.string().default(DEFAULT_TILE_URL),
  CLIENT_DIR: z.string().default('dist/client'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  demoData: boolean;
  dataDir: string;
  uploadsDir: string;
  campusEmailDomain: string;
  tileUrl: string;
  clientDir: string;
  logLevel: string;
  trustProxy: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
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
    clientDir: path.resolve(e.CLIENT_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === '1',
  };
}
