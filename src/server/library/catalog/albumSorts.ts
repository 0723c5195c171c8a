import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { AlbumSort } from '../../../contract/browse';
import type { AlbumRow } from './albumRows';
import type { CursorShape, CursorValue } from './cursor';

/**
 * How each album sort orders (docs/decisions/library.md, "Browsing"): keyset sorts compare the
 * row (keys..., id) with the cursor's values; `played` pages by offset; `random` orders by
 * md5(id || seed), the seed travelling in the cursor so the pages of one shuffle never repeat.
 */
export interface KeysetSort {
  kind: 'keyset';
  keys(seed: string): SQL[];
  casts: string[];
  desc: boolean;
  shape: CursorShape;
  /** the cursor values of a row (for random: the seed first) */
  values(row: AlbumRow, seed: string): CursorValue[];
  extra?: (seed: string) => SQL;
}

const YEAR_UNKNOWN = 2147483647;

const KEYSET: Record<Exclude<AlbumSort, 'played'>, KeysetSort> = {
  recent: { kind: 'keyset', keys: () => [sql`a.created_at`], casts: ['timestamptz'], desc: true, shape: ['t', 'u'], values: (r) => [r.created_text, r.id] },
  name: { kind: 'keyset', keys: () => [sql`a.sort_key`], casts: ['text'], desc: false, shape: ['s', 'u'], values: (r) => [r.sort_key, r.id] },
  artist: {
    kind: 'keyset',
    keys: () => [sql`lower(a.album_artist)`, sql`a.sort_key`],
    casts: ['text', 'text'],
    desc: false,
    shape: ['s', 's', 'u'],
    values: (r) => [r.artist_key, r.sort_key, r.id],
  },
  year: {
    kind: 'keyset',
    keys: () => [sql.raw(`coalesce(a.year, ${YEAR_UNKNOWN})`), sql`a.sort_key`],
    casts: ['int', 'text'],
    desc: false,
    shape: ['n', 's', 'u'],
    values: (r) => [r.year ?? YEAR_UNKNOWN, r.sort_key, r.id],
  },
  random: {
    kind: 'keyset',
    keys: (seed) => [sql`md5(a.id::text || ${seed})`],
    casts: ['text'],
    desc: false,
    shape: ['s', 's', 'u'],
    values: (r, seed) => [seed, r.shuffle_key ?? '', r.id],
    extra: (seed) => sql`, md5(a.id::text || ${seed}) as shuffle_key`,
  },
};

export function keysetSort(sort: Exclude<AlbumSort, 'played'>): KeysetSort {
  return KEYSET[sort];
}

export function newSeed(): string {
  return randomBytes(6).toString('hex');
}

/** The ORDER BY and the "after the cursor" condition of a keyset sort. */
export function keysetClauses(sort: KeysetSort, seed: string, after: CursorValue[] | null): { order: SQL; where: SQL | null } {
  const keys = sort.keys(seed);
  const dir = sql.raw(sort.desc ? 'desc' : 'asc');
  const order = sql.join([...keys.map((key) => sql`${key} ${dir}`), sql`a.id ${dir}`], sql`, `);
  if (!after) return { order, where: null };
  const values = sort === KEYSET.random ? after.slice(1) : after;
  const casts = [...sort.casts, 'uuid'];
  const right = sql.join(
    values.map((value, i) => sql`${value}::${sql.raw(casts[i])}`),
    sql`, `,
  );
  const op = sql.raw(sort.desc ? '<' : '>');
  return { order, where: sql`(${sql.join([...keys, sql`a.id`], sql`, `)}) ${op} (${right})` };
}
