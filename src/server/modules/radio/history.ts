import type { RadioHistoryResponse } from '../../../contract/radio';
import type { Db } from '../../db/open';
import { readHistory } from './repository';

/** One page of played tracks, newest first; nextCursor is null on the last page. */
export async function historyPage(db: Db, limit: number, cursor: number | undefined): Promise<RadioHistoryResponse> {
  const rows = await readHistory(db, limit, cursor);
  const page = rows.slice(0, limit);
  return {
    success: true,
    history: page.map((r) => ({
      id: r.id,
      songId: r.songId,
      title: r.title,
      artist: r.artist,
      addedBy: r.addedById ? { id: r.addedById, username: r.addedByName ?? '' } : null,
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt.toISOString(),
      endReason: r.endReason as 'finished' | 'skipped' | 'removed',
    })),
    nextCursor: rows.length > limit ? page[page.length - 1].id : null,
  };
}
