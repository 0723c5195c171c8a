/**
 * A FLAC file's Vorbis comments replaced by any the fuzzer makes: a comment is length-prefixed bytes,
 * so it can hold what no tag editor or ffmpeg argument can (NUL, invalid UTF-8, megabytes).
 */

const VORBIS_COMMENT = 4;

function le32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value);
  return out;
}

/** `base` (a FLAC from ffmpeg) with its VORBIS_COMMENT block replaced by `comments` (KEY, value bytes or text). */
export function withFlacComments(base: Buffer, comments: [string, string | Buffer][]): Buffer {
  if (base.subarray(0, 4).toString('latin1') !== 'fLaC') throw new Error('not a FLAC file');
  const blocks: { type: number; data: Buffer }[] = [];
  let at = 4;
  let last = false;
  while (!last) {
    last = (base[at] & 0x80) !== 0;
    const type = base[at] & 0x7f;
    const length = base.readUIntBE(at + 1, 3);
    if (type !== VORBIS_COMMENT) blocks.push({ type, data: base.subarray(at + 4, at + 4 + length) });
    at += 4 + length;
  }
  const vendor = Buffer.from('fuzz');
  const entries = comments.map(([key, value]) => Buffer.concat([Buffer.from(`${key}=`), typeof value === 'string' ? Buffer.from(value, 'utf8') : value]));
  const comment = Buffer.concat([le32(vendor.length), vendor, le32(entries.length), ...entries.flatMap((entry) => [le32(entry.length), entry])]);
  if (comment.length >= 2 ** 24) throw new Error('comments over a FLAC block');
  // STREAMINFO stays first
  blocks.splice(1, 0, { type: VORBIS_COMMENT, data: comment });
  const headers = blocks.map(({ type, data }, i) => {
    const header = Buffer.alloc(4);
    header[0] = (i === blocks.length - 1 ? 0x80 : 0) | type;
    header.writeUIntBE(data.length, 1, 3);
    return Buffer.concat([header, data]);
  });
  return Buffer.concat([base.subarray(0, 4), ...headers, base.subarray(at)]);
}
