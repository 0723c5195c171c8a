import { z } from 'zod';
import * as auth from '../../../contract/auth';
import * as liked from '../../../contract/liked';
import * as musicbox from '../../../contract/musicbox';
import * as playlists from '../../../contract/playlists';
import * as profile from '../../../contract/profile';
import * as radio from '../../../contract/radio';
import * as songs from '../../../contract/songs';
import * as stats from '../../../contract/stats';

/** the contract module of each first path segment under /api */
const MODULES: Record<string, Record<string, unknown>> = {
  auth,
  'liked-songs': liked,
  musicbox,
  playlists,
  profile,
  radio,
  songs,
  stats,
};

function objectSchemas(module: Record<string, unknown>): z.ZodObject[] {
  return Object.values(module).filter((value): value is z.ZodObject => value instanceof z.ZodObject);
}

/**
 * The field names of every zod object schema in the contract: the routes validate their input with
 * these inside the handlers, so generated bodies and queries use them to get past "field missing".
 */
export function contractFieldNames(): string[] {
  const names = new Set<string>();
  for (const module of Object.values(MODULES)) {
    for (const schema of objectSchemas(module)) for (const key of Object.keys(schema.shape)) names.add(key);
  }
  return [...names].sort();
}

/** the contract's object schemas of the module a route belongs to (/api/playlists/... -> playlists) */
export function schemasForRoute(url: string): z.ZodObject[] {
  const segment = url.split('/')[2] ?? '';
  return objectSchemas(MODULES[segment] ?? {});
}
