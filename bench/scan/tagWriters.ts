/**
 * Real tags written in JavaScript, so the bench can make 10,000 tagged files from a handful of
 * ffmpeg templates: an ID3v2.4 tag in front of MP3 frames, and FLAC metadata blocks
 * (VORBIS_COMMENT, PICTURE) in front of FLAC frames. music-metadata reads them as any tagger's.
 */

export interface BenchTags {
  title: string;
  artist: string;
  album: string;
  albumArtist: string | null;
  track: string;
  disc: string;
  year: number;
  genre: string;
  compilation: boolean;
}

export interface BenchPicture {
  mime: string;
  data: Buffer;
}

/** ID3v2.4 sizes are "syncsafe": 7 bits per byte. */
function syncsafe(size: number): Buffer {
  return Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
}

function id3Frame(id: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id, 'latin1'), syncsafe(body.length), Buffer.from([0, 0]), body]);
}

/** A text frame in UTF-8 (encoding byte 3). */
function textFrame(id: string, value: string): Buffer {
  return id3Frame(id, Buffer.concat([Buffer.from([3]), Buffer.from(value, 'utf8')]));
}

/** A whole ID3v2.4 tag: TIT2, TPE1, TALB, TPE2, TRCK, TPOS, TDRC, TCON, TCMP and an APIC front cover. */
export function id3v24Tag(tags: BenchTags, picture: BenchPicture): Buffer {
  const frames = [
    textFrame('TIT2', tags.title),
    textFrame('TPE1', tags.artist),
    textFrame('TALB', tags.album),
    ...(tags.albumArtist ? [textFrame('TPE2', tags.albumArtist)] : []),
    textFrame('TRCK', tags.track),
    textFrame('TPOS', tags.disc),
    textFrame('TDRC', String(tags.year)),
    textFrame('TCON', tags.genre),
    ...(tags.compilation ? [textFrame('TCMP', '1')] : []),
    // APIC: latin1 encoding, MIME, picture type 3 (front cover), empty description, the image
    id3Frame('APIC', Buffer.concat([Buffer.from([0]), Buffer.from(`${picture.mime}\0`, 'latin1'), Buffer.from([3, 0]), picture.data])),
  ];
  const body = Buffer.concat(frames);
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0]), syncsafe(body.length), body]);
}

function blockHeader(type: number, length: number, last: boolean): Buffer {
  return Buffer.from([(last ? 0x80 : 0) | type, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff]);
}

function u32le(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

function u32be(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

function vorbisComment(tags: BenchTags): Buffer {
  const entries = [
    `TITLE=${tags.title}`,
    `ARTIST=${tags.artist}`,
    `ALBUM=${tags.album}`,
    ...(tags.albumArtist ? [`ALBUMARTIST=${tags.albumArtist}`] : []),
    `TRACKNUMBER=${tags.track}`,
    `DISCNUMBER=${tags.disc}`,
    `DATE=${tags.year}`,
    `GENRE=${tags.genre}`,
    ...(tags.compilation ? ['COMPILATION=1'] : []),
  ].map((entry) => Buffer.from(entry, 'utf8'));
  const vendor = Buffer.from('wavelength bench', 'utf8');
  return Buffer.concat([u32le(vendor.length), vendor, u32le(entries.length), ...entries.flatMap((e) => [u32le(e.length), e])]);
}

function pictureBlock(picture: BenchPicture): Buffer {
  const mime = Buffer.from(picture.mime, 'latin1');
  // type 3 (front cover), MIME, empty description, width/height/depth/colours unknown (0), the image
  return Buffer.concat([u32be(3), u32be(mime.length), mime, u32be(0), u32be(0), u32be(0), u32be(0), u32be(0), u32be(picture.data.length), picture.data]);
}

/** The audio of an ffmpeg FLAC file: its STREAMINFO block and its frames, the other blocks dropped. */
export function flacParts(file: Buffer): { streamInfo: Buffer; frames: Buffer } {
  if (file.toString('latin1', 0, 4) !== 'fLaC') throw new Error('not a FLAC file');
  let offset = 4;
  let streamInfo: Buffer | null = null;
  for (;;) {
    const header = file[offset];
    const length = file.readUIntBE(offset + 1, 3);
    if ((header & 0x7f) === 0) streamInfo = file.subarray(offset + 4, offset + 4 + length);
    offset += 4 + length;
    if (header & 0x80) break;
  }
  if (!streamInfo) throw new Error('FLAC file without STREAMINFO');
  return { streamInfo, frames: file.subarray(offset) };
}

/** A FLAC file: STREAMINFO, VORBIS_COMMENT, PICTURE (last), then the template's frames. */
export function flacFile(audio: { streamInfo: Buffer; frames: Buffer }, tags: BenchTags, picture: BenchPicture): Buffer {
  const comment = vorbisComment(tags);
  const pic = pictureBlock(picture);
  return Buffer.concat([
    Buffer.from('fLaC', 'latin1'),
    blockHeader(0, audio.streamInfo.length, false),
    audio.streamInfo,
    blockHeader(4, comment.length, false),
    comment,
    blockHeader(6, pic.length, true),
    pic,
    audio.frames,
  ]);
}
