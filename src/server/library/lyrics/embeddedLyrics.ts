import type { IAudioMetadata, ILyricsTag } from 'music-metadata';
import type { LyricsTrack } from '../../../contract/lyrics';
import { languageOf, lyricsTrackOfText, UNKNOWN_LANGUAGE } from './songLyrics';

/**
 * Native tags holding lyrics as text (docs/product.md §5.8): Vorbis/FLAC and APE LYRICS and
 * UNSYNCEDLYRICS, MP4 ©lyr, ASF WM/Lyrics, and the ID3 TXXX frames some taggers write (ffmpeg's
 * `-metadata lyrics=` writes TXXX:USLT). Read raw, not from music-metadata's common.lyrics: its own
 * LRC reading drops [offset:] and lines of several timestamps.
 */
const TEXT_LYRICS = /^(LYRICS|UNSYNCEDLYRICS|©lyr|WM\/Lyrics|TXXX:(LYRICS|UNSYNCEDLYRICS|USLT))$/i;

/** ID3 SYLT timeStampFormat */
const MPEG_FRAMES = 1;
const MILLISECONDS = 2;

/** Samples in one MPEG audio frame, by version and layer, as music-metadata names the codec ("MPEG 1 Layer 3"). */
function samplesPerFrame(codec: string | undefined): number | null {
  const match = /^MPEG (1|2|2\.5) Layer (1|2|3)$/.exec(codec ?? '');
  if (!match) return null;
  if (match[2] === '1') return 384;
  return match[2] === '3' && match[1] !== '1' ? 576 : 1152;
}

/** A SYLT frame as a synced set: times in ms as they are, MPEG frame numbers converted when the stream says its frame length; else none. */
function syltTrack(tag: ILyricsTag, meta: IAudioMetadata): LyricsTrack | null {
  let msPer = 0;
  if (tag.timeStampFormat === MILLISECONDS) msPer = 1;
  else if (tag.timeStampFormat === MPEG_FRAMES) {
    const samples = samplesPerFrame(meta.format.codec);
    if (samples && meta.format.sampleRate) msPer = (samples * 1000) / meta.format.sampleRate;
  }
  if (!msPer || !tag.syncText?.length) return null;
  const lines = tag.syncText.map((line) => ({ startMs: Math.max(0, Math.round((line.timestamp ?? 0) * msPer)), text: line.text.trim() }));
  lines.sort((a, b) => a.startMs - b.startMs);
  return { lang: languageOf(tag.language), synced: true, offsetMs: 0, lines };
}

/**
 * Every set of lyrics embedded in a file's tags, in tag order: a USLT frame (with its language) or
 * a lyrics text tag holding LRC text is synced, other text plain; a SYLT frame is synced.
 */
export function embeddedLyrics(meta: IAudioMetadata): LyricsTrack[] {
  const sets: LyricsTrack[] = [];
  for (const tags of Object.values(meta.native)) {
    for (const { id, value } of tags) {
      let set: LyricsTrack | null = null;
      if (id === 'USLT' || id === 'ULT') {
        const frame = value as { language?: string; text?: string };
        set = frame.text ? lyricsTrackOfText(frame.text, languageOf(frame.language)) : null;
      } else if (id === 'SYLT') set = syltTrack(value as ILyricsTag, meta);
      else if (TEXT_LYRICS.test(id) && typeof value === 'string') set = lyricsTrackOfText(value, UNKNOWN_LANGUAGE);
      if (set) sets.push(set);
    }
  }
  return sets;
}
