import type { MethodTable } from '../method';
import { annotationMethods } from './annotation';
import { browsingMethods } from './browsing';
import { listsMethods } from './lists';
import { mediaMethods } from './media';
import { playlistsMethods } from './playlists';
import { playQueueMethods } from './playQueue';
import { radioMethods } from './radio';
import { searchMethods } from './search';
import { sharingMethods } from './sharing';
import { starredMethods } from './starred';
import { systemMethods } from './system';

/** Every method served at /rest, by name (docs/subsonic.md, Calls). */
export const SUBSONIC_METHODS: MethodTable = {
  ...systemMethods,
  ...browsingMethods,
  ...listsMethods,
  ...searchMethods,
  ...starredMethods,
  ...mediaMethods,
  ...radioMethods,
  ...annotationMethods,
  ...playlistsMethods,
  ...playQueueMethods,
  ...sharingMethods,
};
