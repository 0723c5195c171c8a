import { z } from 'zod';
import { Id, IsoTime } from './common';
import { MESSAGES } from './messages';

/** docs/product.md §4.4 and §7.9: the signed-in user's own bookmark of one song. */
export const BookmarkParams = z.object({ songId: z.uuid(MESSAGES.songNotFound) });

export const BookmarkBody = z.object({
  positionMs: z.number(MESSAGES.bookmarkPositionInvalid).int(MESSAGES.bookmarkPositionInvalid).min(0, MESSAGES.bookmarkPositionInvalid),
});
export type BookmarkBody = z.infer<typeof BookmarkBody>;

export const Bookmark = z.object({ songId: Id, positionMs: z.number().int(), changedAt: IsoTime });
export type Bookmark = z.infer<typeof Bookmark>;

/** GET and PUT /bookmarks/:songId: the bookmark, or null when the user has none for the song. */
export const BookmarkResponse = z.object({ success: z.literal(true), bookmark: Bookmark.nullable() });
export type BookmarkResponse = z.infer<typeof BookmarkResponse>;
