import { and, eq, isNotNull, like } from 'drizzle-orm';
import { songs } from '../../../db/schema';
import { etagMatches } from '../../../lib/http/ranges';
import { sendMediaFile } from '../../../lib/http/sendFile';
import { matchKey } from '../../../lib/text';
import { sendSongFile } from '../../../library/delivery/sendSongFile';
import { ffmpegAvailable } from '../../../library/scan/ffmpeg';
import { presentSongs } from '../../../library/songs/presentSongs';
import { escapeLike } from '../../../library/songs/songQueries';
import { TranscodeFailure } from '../../../library/transcode/transcodeFailure';
import { SENT, type MethodTable, type SubsonicContext } from '../method';
import { isUuid } from '../../../lib/uuid';
import { coverArtHash } from '../media/coverArtHash';
import { thumbnailSize } from '../media/coverArtReply';
import { downloadDisposition } from '../../../lib/http/downloadDisposition';
import { plainLyrics, structuredLyrics } from '../media/lyrics';
import { songFile } from '../media/songFile';
import { SUBSONIC_ERROR, SubsonicError, notFound } from '../protocol/errors';

/** A hash names one image for ever (as /api/artwork says); a song, album or artist id may get new artwork. */
const IMMUTABLE = 'private, max-age=31536000, immutable';
const BY_ENTITY = 'private, max-age=3600';

/**
 * stream, download, getCoverArt, getLyricsBySongId, getLyrics, getAvatar (docs/subsonic.md, Calls).
 * Songs go out through the library's delivery, as the web app's stream does (library/delivery/sendSongFile.ts), never a redirect.
 */
export const mediaMethods: MethodTable = {
  stream: {
    async handle(ctx) {
      const { app, db, params, request, reply, options, user } = ctx;
      const { song, path } = await songFile(db, options.config, params.required('id'));
      if (!song.playable) throw new SubsonicError(SUBSONIC_ERROR.generic, song.unplayableReason ?? 'This song cannot be played.');
      const asked = () => ({ format: params.string('format'), maxBitRate: params.int('maxBitRate') });
      try {
        await sendSongFile(request, reply, song, {
          filePath: path,
          flacCopies: app.flacCopies,
          hasFfmpeg: hasFfmpegOf(ctx),
          owner: user.id,
          live: { asked, transcodes: app.liveTranscodes, estimateContentLength: params.bool('estimateContentLength') },
        });
      } catch (error) {
        // no ffmpeg for an ALAC/AIFF copy or a format, ffmpeg failed, or every slot stayed busy: error 0 with the reason
        if (error instanceof TranscodeFailure) throw new SubsonicError(SUBSONIC_ERROR.generic, error.message);
        throw error;
      }
      return SENT;
    },
  },

  download: {
    async handle({ db, params, request, reply, options }) {
      const { song, path } = await songFile(db, options.config, params.required('id'));
      reply.header('content-disposition', downloadDisposition(song, path));
      await sendMediaFile(request, reply, path, song.mimeType);
      return SENT;
    },
  },

  getCoverArt: {
    async handle({ app, db, params, request, reply }) {
      const id = params.required('id');
      const size = thumbnailSize(params.int('size'));
      const hash = await coverArtHash(db, id);
      if (!hash) throw notFound('Cover art');
      const etag = `"${hash}-${size}"`;
      if (etagMatches(request.headers['if-none-match'], etag)) {
        await reply.status(304).header('etag', etag).send();
        return SENT;
      }
      const image = await app.artwork.thumbnailOrFallback(hash, size);
      if (!image) throw notFound('Cover art');
      await reply
        .status(200)
        .header('cache-control', id === hash && image.hash === hash ? IMMUTABLE : BY_ENTITY)
        .header('etag', `"${image.hash}-${size}"`)
        .type('image/jpeg')
        .send(image.jpeg);
      return SENT;
    },
  },

  getLyricsBySongId: {
    async handle({ db, params }) {
      const id = params.required('id');
      const [song] = isUuid(id)
        ? await db
            .select({ title: songs.title, artist: songs.artist, lyrics: songs.lyrics })
            .from(songs)
            .where(and(eq(songs.id, id), presentSongs))
            .limit(1)
        : [];
      if (!song) throw notFound('Song');
      const list = structuredLyrics(song);
      return { lyricsList: list.length ? { structuredLyrics: list } : {} };
    },
  },

  getLyrics: {
    async handle({ db, params }) {
      const title = params.string('title')?.trim() ?? '';
      const artist = params.string('artist')?.trim() ?? '';
      if (!title) return { lyrics: { value: '' } };
      // the match key the library keeps for "title|artist" (indexed); a title alone matches any artist
      const key = matchKey(title, artist);
      const byKey = artist ? eq(songs.matchKey, key) : like(songs.matchKey, `${escapeLike(key)}%`);
      const [song] = await db
        .select({ title: songs.title, artist: songs.artist, lyrics: songs.lyrics })
        .from(songs)
        .where(and(byKey, isNotNull(songs.lyrics), presentSongs))
        .limit(1);
      const value = song ? plainLyrics(song.lyrics) : '';
      return { lyrics: value && song ? { artist: song.artist, title: song.title, value } : { value: '' } };
    },
  },

  // no avatars here: every app shows its own placeholder on "not found"
  getAvatar: {
    async handle({ params }) {
      params.required('username');
      throw notFound('Avatar');
    },
  },
};

function hasFfmpegOf({ options }: SubsonicContext): boolean {
  return options.ffmpegAvailable?.() ?? ffmpegAvailable();
}
