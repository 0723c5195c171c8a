import type { FastifyBaseLogger } from 'fastify';

const nothing = () => undefined;

/** A logger that says nothing: the command line reports outcomes itself (the scan's result carries its error). */
export const quietLogger = {
  level: 'silent',
  fatal: nothing,
  error: nothing,
  warn: nothing,
  info: nothing,
  debug: nothing,
  trace: nothing,
  silent: nothing,
  child: () => quietLogger,
} as unknown as FastifyBaseLogger;
