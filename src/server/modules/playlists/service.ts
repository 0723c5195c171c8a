import { PLAYLIST_MESSAGES, type CreatePlaylistBody, type UpdatePlaylistBody } from '../../../contract/playlists';
import type { Db } from '../../db/open';
import { HttpError } from '../../lib/httpError';
import { CoverStore, type CoverMime } from './coverStore';
import type { PlaylistForm } from './form';
import { createPlaylist, deletePlaylist, updatePlaylist, type PlaylistRow } from './repository';

type Cover = PlaylistForm['cover'];

/** The playlist writes that touch cover files: the database row and the file stay in step. */
export class PlaylistService {
  private readonly covers: CoverStore;

  constructor(
    private readonly db: Db,
    mediaDir: string,
  ) {
    this.covers = new CoverStore(mediaDir);
  }

  /**
   * Save and roll back: a new cover is saved first and `write` stores its name; if that fails the
   * new file is removed, if it succeeds the file it replaced is.
   */
  private async withNewCover<T>(
    cover: Cover,
    replaced: string | null,
    write: (cover: { coverPath: string; coverMime: CoverMime } | null) => Promise<T>,
  ): Promise<T> {
    const coverPath = cover ? await this.covers.save(cover.bytes, cover.mime) : null;
    try {
      const result = await write(cover && coverPath ? { coverPath, coverMime: cover.mime } : null);
      if (cover) await this.covers.remove(replaced);
      return result;
    } catch (error) {
      await this.covers.remove(coverPath);
      throw error;
    }
  }

  create(userId: string, input: CreatePlaylistBody, cover: Cover, now: Date): Promise<PlaylistRow> {
    return this.withNewCover(cover, null, (saved) =>
      createPlaylist(this.db, userId, { ...input, coverPath: saved?.coverPath ?? null, coverMime: saved?.coverMime ?? null }, now),
    );
  }

  /** Name, description and a new cover; fields left out stay as they are. */
  update(row: PlaylistRow, input: UpdatePlaylistBody, cover: Cover, now: Date): Promise<PlaylistRow> {
    return this.withNewCover(cover, row.coverPath, (saved) => updatePlaylist(this.db, row, { ...input, ...(saved ?? {}) }, now));
  }

  replaceCover(row: PlaylistRow, cover: Cover, now: Date): Promise<PlaylistRow> {
    if (!cover) throw new HttpError(400, PLAYLIST_MESSAGES.coverType);
    return this.withNewCover(cover, row.coverPath, (saved) => updatePlaylist(this.db, row, { ...saved }, now));
  }

  async removeCover(row: PlaylistRow, now: Date): Promise<PlaylistRow> {
    const updated = await updatePlaylist(this.db, row, { coverPath: null, coverMime: null }, now);
    await this.covers.remove(row.coverPath);
    return updated;
  }

  async delete(row: PlaylistRow): Promise<void> {
    await deletePlaylist(this.db, row);
    await this.covers.remove(row.coverPath);
  }

  /** the bytes of a stored cover, or null when its file is gone */
  readCover(coverPath: string): Promise<Buffer | null> {
    return this.covers.read(coverPath).catch(() => null);
  }
}
