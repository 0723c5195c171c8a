/**
 * ICY (Shoutcast/Icecast) in-band metadata: after every `metaint` bytes of audio, one length byte
 * (in 16-byte units) and that many bytes of `StreamTitle='…';`, NUL-padded; 0 when unchanged.
 */

/**
 * Audio bytes between metadata blocks. 2048 bytes is 128 ms at 128 kbit/s: the block nearest a
 * title change is at most 64 ms from it (128 ms when the change is not encoded yet at the live edge).
 */
export const ICY_METAINT = 2048;
const EMPTY_BLOCK = Buffer.from([0]);
const MAX_TEXT_BYTES = 255 * 16;

/** The metadata block announcing `title`, or the empty block when null. */
export function icyMetadataBlock(title: string | null): Buffer {
  if (title === null) return EMPTY_BLOCK;
  // a quote followed by ';' would end the value early in most parsers
  let text = Buffer.from(`StreamTitle='${title.replaceAll("';", "'")}';`, 'utf8');
  if (text.length > MAX_TEXT_BYTES) text = Buffer.concat([text.subarray(0, MAX_TEXT_BYTES - 2), Buffer.from("';")]);
  const units = Math.ceil(text.length / 16);
  const block = Buffer.alloc(1 + units * 16);
  block[0] = units;
  text.copy(block, 1);
  return block;
}

/**
 * One listener's interleaving: audio goes through in order, a metadata block after each
 * ICY_METAINT bytes; `titleFor(position)` says which title that block announces (position being
 * the absolute stream position of the audio byte after the block).
 */
export class IcyInterleaver {
  private untilBlock = ICY_METAINT;
  private announced: string | null = null;

  constructor(private readonly titleFor: (position: number) => string) {}

  /** The bytes to send for `audio`, which starts at absolute stream position `position`. */
  wrap(audio: Buffer, position: number): Buffer[] {
    const out: Buffer[] = [];
    let at = 0;
    while (audio.length - at >= this.untilBlock) {
      out.push(audio.subarray(at, at + this.untilBlock));
      at += this.untilBlock;
      this.untilBlock = ICY_METAINT;
      const title = this.titleFor(position + at);
      out.push(icyMetadataBlock(title === this.announced ? null : title));
      this.announced = title;
    }
    if (at < audio.length) {
      out.push(audio.subarray(at));
      this.untilBlock -= audio.length - at;
    }
    return out;
  }
}
