import { randomBytes } from 'node:crypto';
import { SHARE_MESSAGES, sharePagePath, type Share, type ShareKind } from '../../../contract/shares';
import type { Db } from '../../db/open';
import type { ShareRow } from '../../db/schema';
import { HttpError } from '../../lib/httpError';
import { albumExists, deleteShare, insertShare, ownShare, ownsPlaylist, presentSongIds, sharedThing, sharesOf, updateShare } from './repository';

/*
 * Shares as their owner makes and sees them: the one set of rules behind the web API (routes.ts)
 * and Subsonic's createShare/updateShare/deleteShare/getShares (subsonic/methods/sharing.ts).
 * docs/product.md §5.9; each caller checks its input's shape in its own protocol first.
 */

/** 128 random bits as 22 base64url characters: not guessable, not a sequence. */
export function newShareId(): string {
  return randomBytes(16).toString('base64url');
}

export interface ShareInput {
  kind: ShareKind;
  ids: string[];
  description: string;
  expiresAt: Date | null;
  downloadable: boolean;
}

function assertFuture(expiresAt: Date | null | undefined, now: Date): void {
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new HttpError(400, SHARE_MESSAGES.expiryInPast);
}

/** The shared thing must be there and the user may see it: present songs, an album, their own playlist. */
async function assertShareable(db: Db, userId: string, kind: ShareKind, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (kind === 'song') {
    const present = await presentSongIds(db, unique);
    if (present.size !== unique.length) throw new HttpError(404, SHARE_MESSAGES.itemNotFound);
    return unique;
  }
  if (unique.length !== 1) throw new HttpError(400, SHARE_MESSAGES.oneKindOnly);
  const found = kind === 'album' ? await albumExists(db, unique[0]) : await ownsPlaylist(db, userId, unique[0]);
  if (!found) throw new HttpError(404, SHARE_MESSAGES.itemNotFound);
  return unique;
}

export async function createShare(db: Db, userId: string, input: ShareInput, now: Date): Promise<ShareRow> {
  assertFuture(input.expiresAt, now);
  const itemIds = await assertShareable(db, userId, input.kind, input.ids);
  return insertShare(
    db,
    { id: newShareId(), userId, kind: input.kind, itemIds, description: input.description, expiresAt: input.expiresAt, downloadable: input.downloadable },
    now,
  );
}

export interface ShareChanges {
  description?: string;
  /** null: never expires. A past time ends the share at once, kept in the owner's list to extend again (docs/decisions/shares.md). */
  expiresAt?: Date | null;
  downloadable?: boolean;
}

/** The owner's change; another user's share is `Share not found`. */
export async function changeShare(db: Db, userId: string, id: string, changes: ShareChanges): Promise<ShareRow> {
  const row = await updateShare(db, userId, id, changes);
  if (!row) throw new HttpError(404, SHARE_MESSAGES.notFound);
  return row;
}

export async function revokeShare(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteShare(db, userId, id))) throw new HttpError(404, SHARE_MESSAGES.notFound);
}

export async function ownShareOrThrow(db: Db, userId: string, id: string): Promise<ShareRow> {
  const row = await ownShare(db, userId, id);
  if (!row) throw new HttpError(404, SHARE_MESSAGES.notFound);
  return row;
}

/** The public page's URL: absolute under PUBLIC_URL (or the request's own origin). */
export function shareUrl(origin: string, id: string): string {
  return `${origin}${sharePagePath(id)}`;
}

/** A share as its owner sees it; `name` is read now (a renamed playlist shows its new name). */
export async function toShare(db: Db, row: ShareRow, origin: string, now: Date): Promise<Share> {
  const thing = await sharedThing(db, row);
  return {
    id: row.id,
    kind: row.kind,
    itemIds: row.itemIds,
    name: thing?.name ?? 'Gone from the library',
    description: row.description,
    url: shareUrl(origin, row.id),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
    downloadable: row.downloadable,
    visitCount: row.visitCount,
    lastVisitedAt: row.lastVisitedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function ownShares(db: Db, userId: string, origin: string, now: Date): Promise<Share[]> {
  const rows = await sharesOf(db, userId);
  return Promise.all(rows.map((row) => toShare(db, row, origin, now)));
}
