import { z } from 'zod';
import { Id, IsoTime } from './common';
import { SHARE_DESCRIPTION_MAX, SHARE_MESSAGES, SHARE_SONGS_MAX } from './shareConstants';

export { SHARE_DESCRIPTION_MAX, SHARE_MESSAGES, SHARE_PUBLIC_LIMIT, SHARE_SONGS_MAX, sharePagePath } from './shareConstants';

export const ShareKind = z.enum(['song', 'album', 'playlist']);
export type ShareKind = z.infer<typeof ShareKind>;

const Description = z.string().trim().max(SHARE_DESCRIPTION_MAX, SHARE_MESSAGES.descriptionTooLong);
/** An ISO time, or null for "never expires"; the service checks it lies in the future. */
const Expiry = z.iso.datetime({ offset: true, message: 'The expiry must be an ISO 8601 time' }).nullable();

export const CreateShareBody = z.object({
  kind: ShareKind,
  /** the song ids (one or more), or the one album's or playlist's id */
  ids: z.array(z.uuid(SHARE_MESSAGES.itemNotFound)).min(1, SHARE_MESSAGES.itemNotFound).max(SHARE_SONGS_MAX, SHARE_MESSAGES.tooManySongs),
  description: Description.default(''),
  expiresAt: Expiry.default(null),
  downloadable: z.boolean().default(false),
});
export type CreateShareBody = z.input<typeof CreateShareBody>;

export const UpdateShareBody = z.object({
  description: Description.optional(),
  expiresAt: Expiry.optional(),
  downloadable: z.boolean().optional(),
});
export type UpdateShareBody = z.input<typeof UpdateShareBody>;

/** 22 base64url characters; anything else is not found, as an unknown id is. */
const ParamId = z.string().max(64, SHARE_MESSAGES.notFound);
export const ShareIdParams = z.object({ id: ParamId });
export const ShareTrackParams = z.object({ id: ParamId, songId: ParamId });
export const ShareArtworkParams = z.object({ id: ParamId, hash: ParamId });

/** A share as its owner sees it (the list, Settings › Shares). */
export const Share = z.object({
  id: z.string(),
  kind: ShareKind,
  itemIds: z.array(Id),
  /** the album's or playlist's name, or the first song's title (and "+ n more") */
  name: z.string(),
  description: z.string(),
  /** the public page, absolute when PUBLIC_URL is set, else a path */
  url: z.string(),
  expiresAt: IsoTime.nullable(),
  expired: z.boolean(),
  downloadable: z.boolean(),
  visitCount: z.number().int(),
  lastVisitedAt: IsoTime.nullable(),
  createdAt: IsoTime,
});
export type Share = z.infer<typeof Share>;

export const ShareResponse = z.object({ success: z.literal(true), share: Share });
export type ShareResponse = z.infer<typeof ShareResponse>;
export const SharesResponse = z.object({ success: z.literal(true), shares: z.array(Share) });
export type SharesResponse = z.infer<typeof SharesResponse>;

/** A track of the public page: only what a visitor needs, every URL under the share's own prefix. */
export const PublicShareTrack = z.object({
  id: Id,
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  /** whole seconds */
  duration: z.number(),
  streamUrl: z.string(),
  downloadUrl: z.string().nullable(),
  artworkUrl: z.string().nullable(),
});
export type PublicShareTrack = z.infer<typeof PublicShareTrack>;

export const PublicShare = z.object({
  id: z.string(),
  kind: ShareKind,
  name: z.string(),
  description: z.string(),
  owner: z.string(),
  expiresAt: IsoTime.nullable(),
  downloadable: z.boolean(),
  artworkUrl: z.string().nullable(),
  playlistUrl: z.string(),
  tracks: z.array(PublicShareTrack),
});
export type PublicShare = z.infer<typeof PublicShare>;

export const PublicShareResponse = z.object({ success: z.literal(true), share: PublicShare });
export type PublicShareResponse = z.infer<typeof PublicShareResponse>;
