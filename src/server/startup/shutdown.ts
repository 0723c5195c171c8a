import type { FastifyInstance } from 'fastify';

/** How long past the grace the close may take before the process gives up on it (exit 1). */
export const CLOSE_HANG_MS = 10_000;
/** While draining, connections that went idle after their last response are closed this often. */
const IDLE_SWEEP_MS = 250;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * The drain (docs/architecture.md, Operations): not ready at once; no new connection; idle ones
 * closed, busy ones after their response (connection: close); radio sockets told to reconnect
 * (1012) and live-stream connections ended; requests in flight, downloads included, may finish within graceMs; then the app closes
 * (what is still open is cut) and the database with it.
 */
export async function drainAndClose(app: FastifyInstance, graceMs: number): Promise<void> {
  app.drain.begin();
  const drained = new Promise<void>((resolve) => app.server.close(() => resolve()));
  app.server.closeIdleConnections();
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    // the live stream never finishes by itself: its players reconnect (to another instance)
    await Promise.all([app.radio.stop(), app.radioStream.close()]);
    await Promise.race([drained, delay(graceMs)]);
  } finally {
    clearInterval(sweep);
  }
  await app.close();
}

export interface SignalOptions {
  graceMs: number;
  /** process.exit, replaced in tests */
  exit?: (code: number) => void;
  log?: (line: string) => void;
}

/** SIGTERM and SIGINT drain and close the app, then exit 0; exit 1 when closing fails or hangs past grace + 10 s. */
export function closeOnSignals(
  app: FastifyInstance,
  { graceMs, exit = (code) => process.exit(code), log = (line) => console.error(line) }: SignalOptions,
): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: draining (up to ${graceMs / 1000} s), then shutting down`);
    const watchdog = setTimeout(() => {
      log(`wavelength: shutdown did not finish within ${(graceMs + CLOSE_HANG_MS) / 1000} s; exiting`);
      exit(1);
    }, graceMs + CLOSE_HANG_MS);
    watchdog.unref();
    drainAndClose(app, graceMs).then(
      () => exit(0),
      (error: Error) => {
        log(`wavelength: shutdown failed: ${error.message}`);
        exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
