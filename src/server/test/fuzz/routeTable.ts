import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** the route's URL pattern, e.g. /api/playlists/:id/songs/:songId */
  url: string;
}

const LINE = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?$/;

/**
 * Every route the app serves, read from app.printRoutes() (the routes are registered before a
 * test can add an onRoute hook). HEAD is left out: Fastify answers it with the GET handler.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = LINE.exec(line.trimEnd());
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const url = stack.join('');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') entries.push({ method, url });
    }
  }
  return entries;
}
