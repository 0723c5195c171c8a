import { SHARE_DESCRIPTION_MAX, SHARE_MESSAGES, SHARE_SONGS_MAX, type ShareKind } from '../../../../contract/shares';
import type { Db } from '../../../db/open';
import type { ShareRow } from '../../../db/schema';
import { isUuid } from '../../../lib/uuid';
import { publicOrigin } from '../../../lib/http/publicOrigin';
import { kindOfId, sharedTracks, sharesOf } from '../../shares/repository';
import { changeShare, createShare, ownShareOrThrow, revokeShare, shareUrl, type ShareChanges } from '../../shares/service';
import type { MethodTable, SubsonicContext, SubsonicUser } from '../method';
import { isoTime } from '../mapping/isoTime';
import { invalidParameter, missingParameter, notFound } from '../protocol/errors';
import { songChildren } from '../queries/songChildren';
import type { SubsonicParams } from '../protocol/params';

/*
 * getShares, createShare, updateShare, deleteShare (docs/subsonic.md, Sharing): the same shares as
 * the web app's Settings › Shares, through the same service and its rules. Everyone may share.
 */

async function toSubsonicShare(db: Db, user: SubsonicUser, row: ShareRow, origin: string) {
  const tracks = await sharedTracks(db, row);
  return {
    id: row.id,
    url: shareUrl(origin, row.id),
    description: row.description,
    username: user.username,
    created: isoTime(row.createdAt),
    ...(row.expiresAt ? { expires: isoTime(row.expiresAt) } : {}),
    ...(row.lastVisitedAt ? { lastVisited: isoTime(row.lastVisitedAt) } : {}),
    visitCount: row.visitCount,
    entry: await songChildren(
      db,
      user.id,
      tracks.map((t) => t.id),
    ),
  };
}

/** `expires`: ms since the epoch; 0 or absent means never. */
function expiresParam(params: SubsonicParams): Date | null | undefined {
  const raw = params.string('expires');
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw.trim())) throw invalidParameter('expires', 'must be a time in milliseconds since 1970');
  const ms = Number(raw);
  return ms === 0 ? null : new Date(ms);
}

function descriptionParam(params: SubsonicParams): string | undefined {
  const description = params.string('description')?.trim();
  if (description !== undefined && description.length > SHARE_DESCRIPTION_MAX)
    throw invalidParameter('description', `must be at most ${SHARE_DESCRIPTION_MAX} characters`);
  return description;
}

/** The ids' one kind: songs (one or more), or one album, or one playlist of the user's. */
async function kindOfIds(db: Db, userId: string, ids: string[]): Promise<ShareKind> {
  const kinds = new Set<ShareKind>();
  for (const id of ids) {
    const kind = isUuid(id) ? await kindOfId(db, userId, id.toLowerCase()) : null;
    if (!kind) throw notFound('Song, album or playlist');
    kinds.add(kind);
  }
  const [kind] = kinds;
  if (kinds.size !== 1 || (kind !== 'song' && ids.length > 1))
    throw invalidParameter('id', SHARE_MESSAGES.oneKindOnly.toLowerCase().replace(/^a share holds/, 'must name'));
  return kind;
}

const origin = ({ options, request }: SubsonicContext) => publicOrigin(options.config, request);

export const sharingMethods: MethodTable = {
  getShares: {
    async handle(ctx) {
      const { db, user } = ctx;
      const rows = await sharesOf(db, user.id);
      return { shares: { share: await Promise.all(rows.map((row) => toSubsonicShare(db, user, row, origin(ctx)))) } };
    },
  },

  createShare: {
    async handle(ctx) {
      const { db, user, params, now } = ctx;
      const ids = params.all('id');
      if (ids.length === 0) throw missingParameter('id');
      if (ids.length > SHARE_SONGS_MAX) throw invalidParameter('id', `may be given at most ${SHARE_SONGS_MAX} times`);
      const kind = await kindOfIds(db, user.id, ids);
      const row = await createShare(
        db,
        user.id,
        { kind, ids, description: descriptionParam(params) ?? '', expiresAt: expiresParam(params) ?? null, downloadable: false },
        now(),
      );
      return { shares: { share: [await toSubsonicShare(db, user, row, origin(ctx))] } };
    },
  },

  updateShare: {
    async handle({ db, user, params }) {
      const id = params.required('id');
      await ownShareOrThrow(db, user.id, id).catch(() => {
        throw notFound('Share');
      });
      const description = descriptionParam(params);
      const expiresAt = expiresParam(params);
      const changes: ShareChanges = { ...(description === undefined ? {} : { description }), ...(expiresAt === undefined ? {} : { expiresAt }) };
      await changeShare(db, user.id, id, changes);
      return {};
    },
  },

  deleteShare: {
    async handle({ db, user, params }) {
      await revokeShare(db, user.id, params.required('id')).catch(() => {
        throw notFound('Share');
      });
      return {};
    },
  },
};
