import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Request latency buckets in seconds: a cached JSON answer takes about a millisecond, a first scan page or a search tens. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface AppMetrics {
  registry: Registry;
  requests: Histogram<'method' | 'route' | 'status_class'>;
}

/**
 * The metrics of one app, in a registry of its own (several apps in one test process must not share
 * prom-client's global one): process and event-loop delay (prom-client's defaults), request latency,
 * and gauges read from the app when scraped: radio listeners, live transcodes, the database pool.
 */
export function createAppMetrics(app: FastifyInstance): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'wavelength_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'wavelength_radio_listeners',
    help: 'Radio listeners connected to this instance (distinct users; sockets)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const { users, sockets } = app.radio.localListeners();
      this.set({ kind: 'users' }, users);
      this.set({ kind: 'sockets' }, sockets);
    },
  });
  scanMetrics(app, registry);
  transcodeMetrics(app, registry);
  databaseMetrics(app, registry);
  return { registry, requests };
}

function scanMetrics(app: FastifyInstance, registry: Registry): void {
  const scans = new Counter({
    name: 'wavelength_library_scans_total',
    help: 'Library scans ended, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // both outcomes shown from the start, at 0
  for (const outcome of ['completed', 'failed']) scans.inc({ outcome }, 0);
  const off = app.library.onFinished((result) => scans.inc({ outcome: result.outcome }));
  app.addHook('onClose', async () => off());
  new Gauge({
    name: 'wavelength_library_scan_running',
    help: '1 while a library scan runs on this instance',
    registers: [registry],
    collect() {
      this.set(app.library.status().running ? 1 : 0);
    },
  });
}

function transcodeMetrics(app: FastifyInstance, registry: Registry): void {
  new Gauge({
    name: 'wavelength_live_transcodes',
    help: 'ffmpeg processes transcoding a Subsonic stream now',
    registers: [registry],
    collect() {
      this.set(app.liveTranscodes.running);
    },
  });
  new Gauge({
    name: 'wavelength_flac_copies_made',
    help: 'FLAC copies of ALAC/AIFF songs made by ffmpeg since start',
    registers: [registry],
    collect() {
      this.set(app.flacCopies.transcodes);
    },
  });
}

function databaseMetrics(app: FastifyInstance, registry: Registry): void {
  const { database } = app;
  new Gauge({
    name: 'wavelength_database_info',
    help: 'The database engine (pglite: embedded; pg: PostgreSQL) and how the app reaches it',
    labelNames: ['engine', 'driver'] as const,
    registers: [registry],
  }).set({ engine: database.kind, driver: database.driver }, 1);
  if (!database.poolStats) return;
  new Gauge({
    name: 'wavelength_database_pool_connections',
    help: 'Connections of the database pool (to PostgreSQL, or to the embedded database thread): total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats!();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
}
