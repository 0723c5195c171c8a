/**
 * iTunes' gapless tag in an M4A without an edit list (docs/decisions/playback-engine.md, "MP3 and
 * AAC"). Chromium honours the LAME tag of an MP3 and an MP4 edit list itself, but from iTunSMPB it
 * skips the priming and then loses as many samples at the end: a 6 s track decoded 1,024 samples
 * short. So before decoding, the tag is renamed in the fetched bytes (Chromium then decodes every
 * frame) and the decoded buffer is cut to the tag's priming and valid length here.
 */

export interface EncoderTrim {
  /** samples at the file's rate: the encoder's priming, and the track's own length after it */
  priming: number;
  valid: number;
  /** the file's sample rate (the media header's timescale) */
  rate: number;
}

/** How far from each end the tag and the headers are looked for (moov may be first or last). */
const SEARCH_BYTES = 1 << 20;
const NAME = 'iTunSMPB';

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

/** Offsets of `word` (ASCII) in the first and last SEARCH_BYTES of `bytes`. */
function find(bytes: Uint8Array, word: string): number[] {
  const codes = [...word].map((c) => c.charCodeAt(0));
  const found: number[] = [];
  const scan = (from: number, to: number) => {
    // indexOf (native) finds each candidate's first byte
    for (let i = bytes.indexOf(codes[0], from); i >= 0 && i + codes.length <= to; i = bytes.indexOf(codes[0], i + 1)) {
      let j = 1;
      while (j < codes.length && bytes[i + j] === codes[j]) j += 1;
      if (j === codes.length && !found.includes(i)) found.push(i);
    }
  };
  scan(0, Math.min(bytes.length, SEARCH_BYTES));
  scan(Math.max(0, bytes.length - SEARCH_BYTES), bytes.length);
  return found;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The media header's timescale (an audio track's is its sample rate), or 0. */
function timescale(bytes: Uint8Array): number {
  for (const at of find(bytes, 'mdhd')) {
    const box = at - 4;
    if (box < 0 || at + 28 > bytes.length) continue;
    const version = bytes[at + 4];
    return view(bytes).getUint32(at + (version === 1 ? 24 : 16));
  }
  return 0;
}

/** The iTunSMPB text's priming and valid sample count (fields 2 and 4, hex), or null. */
export function parseITunSMPB(text: string): { priming: number; valid: number } | null {
  const fields = text.trim().split(/\s+/);
  if (fields.length < 4 || !fields.slice(0, 4).every((f) => /^[0-9a-fA-F]+$/.test(f))) return null;
  const priming = parseInt(fields[1], 16);
  const valid = parseInt(fields[3], 16);
  return priming > 0 && priming < 16384 && valid > 0 ? { priming, valid } : null;
}

/**
 * For an M4A without an edit list whose iTunSMPB gives its priming: renames the tag in `bytes` (so the
 * decoder leaves both ends alone) and returns what to cut; otherwise null, and `bytes` is untouched.
 */
export function takeITunSMPB(bytes: Uint8Array): EncoderTrim | null {
  if (ascii(bytes, 4, 4) !== 'ftyp') return null;
  const tags = find(bytes, NAME);
  if (tags.length === 0 || find(bytes, 'elst').length > 0) return null;
  for (const at of tags) {
    // the 'name' box holds the word; the 'data' box follows it: size, 'data', type, locale, text
    const data = at + NAME.length;
    if (data + 16 > bytes.length || ascii(bytes, data + 4, 4) !== 'data') continue;
    const size = view(bytes).getUint32(data);
    const tag = parseITunSMPB(ascii(bytes, data + 16, Math.min(size - 16, 256)));
    const rate = timescale(bytes);
    if (!tag || !rate) continue;
    bytes[at + NAME.length - 1] = '_'.charCodeAt(0);
    return { ...tag, rate };
  }
  return null;
}

/** The frames [start, start + length) of a buffer decoded at `sampleRate` that are the track's own; null when it is too short to hold them. */
export function trimWindow(decodedLength: number, sampleRate: number, trim: EncoderTrim): { start: number; length: number } | null {
  const scale = sampleRate / trim.rate;
  const start = Math.round(trim.priming * scale);
  const length = Math.round(trim.valid * scale);
  return start + length <= decodedLength ? { start, length } : null;
}

/** `buffer` cut to the track's own samples (a copy), or `buffer` when the trim does not fit it. */
export function trimBuffer(buffer: AudioBuffer, trim: EncoderTrim): AudioBuffer {
  const window = trimWindow(buffer.length, buffer.sampleRate, trim);
  if (!window) return buffer;
  const out = new AudioBuffer({ numberOfChannels: buffer.numberOfChannels, length: window.length, sampleRate: buffer.sampleRate });
  for (let c = 0; c < buffer.numberOfChannels; c += 1) out.copyToChannel(buffer.getChannelData(c).subarray(window.start, window.start + window.length), c);
  return out;
}
