import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { placeholderHashSql } from './hashes';

const count = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? []).length;

/** A hash column's value unless that picture is marked broken (brokenArtwork.ts). */
const usable = (column: string) => `(case when exists (select 1 from broken_artworks b where b.hash = ${column}) then null else ${column} end)`;

/** The first usable hash of a column among an album's songs, in disc and track order. */
const firstOfAlbum = (column: string) =>
  sql.raw(`(select s.${column} from songs s where s.album_id = a.id and s.${column} is not null
    and not exists (select 1 from broken_artworks b where b.hash = s.${column})
    order by s.disc_number nulls first, s.track_number nulls first, s.path limit 1)`);

type Executor = Pick<Db, 'execute'>;

/**
 * After writes (never for an unchanged tree): each album's artwork is the first embedded picture
 * of its songs, else the first folder image, else its placeholder; each song's is its own picture,
 * else its album's; a picture marked broken (broken_artworks) counts as none. Set-based, touching
 * only rows whose artwork changes; `albumIds` limits it to those albums and their songs (null: the
 * whole library). Answers the rows written.
 */
export async function refreshArtwork(tx: Executor, albumIds: string[] | null): Promise<number> {
  if (albumIds && !albumIds.length) return 0;
  const only = (column: SQL) => (albumIds ? sql`${column} = any(${`{${albumIds.join(',')}}`}::uuid[])` : sql`true`);
  {
    const albumsWritten = await tx.execute(sql`with chosen as (
        select a.id, coalesce(${firstOfAlbum('picture_hash')}, ${firstOfAlbum('folder_image_hash')}, ${placeholderHashSql(sql`a.name`)}) as hash
        from albums a where ${only(sql`a.id`)})
      update albums set artwork_hash = chosen.hash from chosen
      where albums.id = chosen.id and albums.artwork_hash is distinct from chosen.hash returning albums.id`);
    const placeholders = await tx.execute(sql`insert into generated_artworks (hash, label)
      select distinct on (a.artwork_hash) a.artwork_hash, a.name from albums a where ${only(sql`a.id`)} and a.artwork_hash = ${placeholderHashSql(sql`a.name`)}
      on conflict do nothing returning hash`);
    const songsWritten = await tx.execute(sql`with chosen as (
        select s.id, coalesce(${sql.raw(usable('s.picture_hash'))}, a.artwork_hash, ${sql.raw(usable('s.folder_image_hash'))}) as hash
        from songs s left join albums a on a.id = s.album_id where s.source <> 'demo' and ${only(sql`s.album_id`)})
      update songs set artwork_hash = chosen.hash from chosen
      where songs.id = chosen.id and songs.artwork_hash is distinct from chosen.hash returning songs.id`);
    return count(albumsWritten) + count(placeholders) + count(songsWritten);
  }
}
