import { foldText, matchKey } from '../lib/text';

/** The derived columns every song row carries, computed in one place. */
export function songKeys(title: string, artist: string) {
  return {
    searchText: `${foldText(title)} ${foldText(artist)}`,
    sortKey: foldText(title),
    matchKey: matchKey(title, artist),
  };
}
