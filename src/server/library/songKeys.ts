import { foldText, matchKey } from '../lib/text';
import { boundKey } from './scan/cleanTags';

/** The derived columns every song row carries, computed in one place; the indexed keys fit their btree index. */
export function songKeys(title: string, artist: string) {
  return {
    searchText: `${foldText(title)} ${foldText(artist)}`,
    sortKey: boundKey(foldText(title)),
    matchKey: boundKey(matchKey(title, artist)),
  };
}
