import { z } from 'zod';
import * as auth from '../../../contract/auth';
import * as liked from '../../../contract/liked';
import * as musicbox from '../../../contract/musicbox';
import * as playlists from '../../../contract/playlists';
import * as profile from '../../../contract/profile';
import * as radio from '../../../contract/radio';
import * as songs from '../../../contract/songs';
import * as stats from '../../../contract/stats';

/**
 * The field names of every zod object schema in the contract: the routes validate their input with
 * these inside the handlers, so generated bodies and queries use them to get past "field missing".
 */
export function contractFieldNames(): string[] {
  const names = new Set<string>();
  for (const module of [auth, liked, musicbox, playlists, profile, radio, songs, stats]) {
    for (const value of Object.values(module)) {
      if (value instanceof z.ZodObject) for (const key of Object.keys(value.shape)) names.add(key);
    }
  }
  return [...names].sort();
}
