import { statSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const onOff = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');

/** proxy-addr's names for reserved ranges, which Fastify's trustProxy accepts in a list */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR block (IPv4 or IPv6: "10.0.0.0/8", "::1", "fd00::/8") or a range name. */
function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the app to believe about the client's address: off, a number of
 * hops (on = 1, the one proxy in front), or the proxies' own addresses/CIDRs. Never every hop:
 * the leftmost X-Forwarded-For entry is whatever the client wrote.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const word = value.toLowerCase();
    if (word === 'off' || word === 'false' || word === '0') return false;
    if (word === 'on' || word === 'true') return 1;
    if (/^\d+$/.test(word)) {
      const hops = Number(word);
      if (hops <= 32) return hops;
    }
    const entries = word.split(',').map((e) => e.trim());
    if (entries.every(isAddressOrCidr)) return entries;
    ctx.addIssue({ code: 'custom', message: 'must be off, on, a hop count (1-32) or a comma-separated list of proxy addresses/CIDRs' });
    return z.NEVER;
  });

/** false, a hop count, or the addresses/CIDRs of trusted proxies (Fastify's trustProxy takes each). */
export type TrustProxy = false | number | string[];

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  MUSIC_DIR: z.string().optional(),
  MUSIC_WATCH: onOff.default(true),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Wavelength <no-reply@wavelength.local>'),
  PUBLIC_URL: z.url().optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(200),
  TRANSCODE_CACHE_MB: z.coerce
    .number()
    .positive()
    .max(1024 * 1024)
    .default(2048),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_LIBRARY: onOff.default(true),
  TRUST_PROXY: trustProxy.default(false),
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  PGLITE_WASM: z.enum(['baseline', 'optimized']).default('baseline'),
  RADIO_STREAM_BITRATE: z.coerce
    .number()
    .int()
    .refine((k) => [64, 96, 128, 160, 192, 256, 320].includes(k), 'must be one of 64, 96, 128, 160, 192, 256, 320 (kbit/s)')
    .default(128),
  RADIO_STREAM_MAX_LISTENERS: z.coerce.number().int().min(1).max(100_000).default(500),
  RADIO_STREAM_MAX_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  RADIO_STREAM_IDLE_S: z.coerce.number().min(0).max(3600).default(30),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters, without spaces')
    .optional(),
  SHUTDOWN_GRACE_S: z.coerce.number().min(0).max(600).default(8),
  LISTENBRAINZ_URL: z.url().default('https://api.listenbrainz.org'),
  LASTFM_API_KEY: z.string().regex(/^\w+$/, 'must be the key Last.fm gave you (letters and digits)').optional(),
  LASTFM_API_SECRET: z.string().regex(/^\w+$/, 'must be the secret Last.fm gave you (letters and digits)').optional(),
  LASTFM_API_URL: z.url().default('https://ws.audioscrobbler.com/2.0/'),
  LASTFM_AUTH_URL: z.url().default('https://www.last.fm/api/auth/'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  mediaDir: string;
  /** MUSIC_DIR's folders, absolute (docs/product.md §5.7): scanned read-only; empty when unset */
  musicDirs: string[];
  /** MUSIC_WATCH: rescan the music folders when they change (docs/product.md §5.7) */
  musicWatch: boolean;
  jwtSecret?: string;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
  maxUploadBytes: number;
  /** TRANSCODE_CACHE_MB: the FLAC copies of ALAC/AIFF files kept in DATA_DIR/transcode, oldest use evicted first */
  transcodeCacheBytes: number;
  logLevel: string;
  demoLibrary: boolean;
  trustProxy: TrustProxy;
  /** PGLITE_THREAD: where the embedded database runs; 'main' is the earlier arrangement (docs/decisions/embedded-database.md) */
  pgliteThread: 'worker' | 'main';
  /** PGLITE_WASM: baseline (V8's Liftoff only: less memory) or optimized (TurboFan: faster heavy queries); docs/decisions/footprint.md */
  pgliteWasm: 'baseline' | 'optimized';
  /** RADIO_STREAM_*: the station's live MP3 stream (modules/radio/stream) */
  radioStream: { bitrateKbps: number; maxListeners: number; maxPerUser: number; idleStopMs: number };
  /** METRICS_TOKEN: GET /metrics answers only with it as a bearer token; unset, there are no metrics */
  metricsToken?: string;
  /** SHUTDOWN_GRACE_S in ms: how long requests in flight may finish after SIGTERM (docs/architecture.md, Operations) */
  shutdownGraceMs: number;
  /**
   * Scrobbling (docs/product.md §5.10): the services' addresses are the admin's, never a user's
   * (docs/decisions/scrobbling.md); Last.fm only with the admin's API key and secret.
   */
  scrobble: {
    listenBrainzUrl: string;
    lastfm: { apiKey: string; apiSecret: string; apiUrl: string; authUrl: string } | null;
  };
}

export class ConfigError extends Error {}

/** MUSIC_DIR: folders separated by the platform's path delimiter, each one that exists. */
function musicDirs(raw: string | undefined): string[] {
  const dirs = (raw ?? '')
    .split(path.delimiter)
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => path.resolve(d));
  for (const dir of dirs) {
    let isDir = false;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      throw new ConfigError(`Invalid MUSIC_DIR: the folder ${dir} does not exist or cannot be read`);
    }
    if (!isDir) throw new ConfigError(`Invalid MUSIC_DIR: ${dir} is not a folder`);
  }
  return [...new Set(dirs)];
}

/** Reads the environment; a wrong value throws one ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid JWT_SECRET: required when NODE_ENV=production');
  }
  if (!e.LASTFM_API_KEY !== !e.LASTFM_API_SECRET) {
    throw new ConfigError('Invalid LASTFM_API_SECRET: LASTFM_API_KEY and LASTFM_API_SECRET go together');
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    musicDirs: musicDirs(e.MUSIC_DIR),
    musicWatch: e.MUSIC_WATCH,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    transcodeCacheBytes: Math.round(e.TRANSCODE_CACHE_MB * 1024 * 1024),
    logLevel: e.LOG_LEVEL,
    demoLibrary: e.DEMO_LIBRARY,
    trustProxy: e.TRUST_PROXY,
    pgliteThread: e.PGLITE_THREAD,
    pgliteWasm: e.PGLITE_WASM,
    radioStream: {
      bitrateKbps: e.RADIO_STREAM_BITRATE,
      maxListeners: e.RADIO_STREAM_MAX_LISTENERS,
      maxPerUser: e.RADIO_STREAM_MAX_PER_USER,
      idleStopMs: Math.round(e.RADIO_STREAM_IDLE_S * 1000),
    },
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_S * 1000),
    scrobble: {
      listenBrainzUrl: e.LISTENBRAINZ_URL.replace(/\/+$/, ''),
      lastfm:
        e.LASTFM_API_KEY && e.LASTFM_API_SECRET
          ? { apiKey: e.LASTFM_API_KEY, apiSecret: e.LASTFM_API_SECRET, apiUrl: e.LASTFM_API_URL, authUrl: e.LASTFM_AUTH_URL }
          : null,
    },
  };
}
