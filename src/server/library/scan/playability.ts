/** How a format reaches the browser: served as is, or (phase 2) transcoded by ffmpeg. */
export interface Playability {
  /** short codec name stored on the song: mp3, flac, vorbis, opus, aac, alac, pcm */
  codec: string;
  mimeType: string;
  playable: boolean;
  unplayableReason: string | null;
}

interface FormatRule {
  codec: string;
  mimeType: string;
  /** the browser cannot decode it: playable only through ffmpeg */
  needsFfmpeg: boolean;
}

function ruleFor(container: string, codec: string): FormatRule | null {
  const c = container.toLowerCase();
  const k = codec.toLowerCase();
  if (c === 'mpeg' && k.includes('layer 3')) return { codec: 'mp3', mimeType: 'audio/mpeg', needsFfmpeg: false };
  if (c === 'flac') return { codec: 'flac', mimeType: 'audio/flac', needsFfmpeg: false };
  if (c === 'ogg' && k.includes('opus')) return { codec: 'opus', mimeType: 'audio/ogg', needsFfmpeg: false };
  if (c === 'ogg' && k.includes('vorbis')) return { codec: 'vorbis', mimeType: 'audio/ogg', needsFfmpeg: false };
  if (c === 'ogg' && k.includes('flac')) return { codec: 'flac', mimeType: 'audio/ogg', needsFfmpeg: false };
  if (c.startsWith('m4a') || c.startsWith('mp4') || c.startsWith('isom')) {
    if (k.includes('alac')) return { codec: 'alac', mimeType: 'audio/mp4', needsFfmpeg: true };
    if (k.includes('aac')) return { codec: 'aac', mimeType: 'audio/mp4', needsFfmpeg: false };
    return null;
  }
  if (c === 'wave') return { codec: 'pcm', mimeType: 'audio/wav', needsFfmpeg: false };
  if (c === 'aiff' || c === 'aiff-c') return { codec: 'pcm', mimeType: 'audio/aiff', needsFfmpeg: true };
  return null;
}

/**
 * The codec, content type and playability of a file music-metadata has named, or null for a
 * format the library does not take. ALAC and AIFF play only through ffmpeg (docs/product.md §5.7).
 */
export function playabilityOf(container: string, codec: string, ffmpegAvailable: boolean): Playability | null {
  const rule = ruleFor(container, codec);
  if (!rule) return null;
  const playable = !rule.needsFfmpeg || ffmpegAvailable;
  return {
    codec: rule.codec,
    mimeType: rule.mimeType,
    playable,
    unplayableReason: playable ? null : ffmpegNeededReason(rule.codec),
  };
}

/** Why an ALAC or AIFF file (codec 'alac' or 'pcm') does not play on a server without ffmpeg. */
export function ffmpegNeededReason(codec: string): string {
  const name = codec === 'alac' ? 'ALAC' : 'AIFF';
  return `${name} needs ffmpeg on the server to play in a browser; install ffmpeg and rescan`;
}
