import { parseITunSMPB, takeITunSMPB, trimWindow } from './itunesGapless';

const TAG = ' 00000000 00000400 00000268 0000000000040998 00000000 00000000';

function box(type: string, ...body: Uint8Array[]): Uint8Array {
  const length = 8 + body.reduce((n, b) => n + b.length, 0);
  const out = new Uint8Array(length);
  new DataView(out.buffer).setUint32(0, length);
  out.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  let at = 8;
  for (const b of body) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}
const text = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));
const zeros = (n: number) => new Uint8Array(n);

/** A minimal M4A's boxes: ftyp, mdat, moov with an mdhd (timescale `rate`), optionally an elst, and the iTunSMPB item. */
function m4a(options: { rate?: number; editList?: boolean; tag?: string }): Uint8Array {
  const mdhdBody = zeros(24);
  new DataView(mdhdBody.buffer).setUint32(12, options.rate ?? 44100);
  const item = box(
    '----',
    box('mean', zeros(4), text('com.apple.iTunes')),
    box('name', zeros(4), text('iTunSMPB')),
    box('data', zeros(8), text(options.tag ?? TAG)),
  );
  const trak = box('trak', ...(options.editList ? [box('edts', box('elst', zeros(20)))] : []), box('mdia', box('mdhd', mdhdBody)));
  return box(
    'root',
    box('ftyp', text('M4A '), zeros(8)),
    box('mdat', zeros(64)),
    box('moov', trak, box('udta', box('meta', zeros(4), box('ilst', item)))),
  ).subarray(8);
}

describe("iTunes' gapless tag (iTunSMPB)", () => {
  it('reads the priming and the valid length', () => {
    expect(parseITunSMPB(TAG)).toEqual({ priming: 1024, valid: 264600 });
    expect(parseITunSMPB(' 00000000 00000840 000001CA 00000000003F7A56')).toEqual({ priming: 2112, valid: 0x3f7a56 });
    expect(parseITunSMPB('not a tag')).toBeNull();
    expect(parseITunSMPB(' 00000000 00000000 00000000 0000000000040998')).toBeNull();
  });

  it('in an M4A without an edit list: gives the trim and renames the tag so the decoder leaves the ends alone', () => {
    const bytes = m4a({ rate: 48000 });
    expect(takeITunSMPB(bytes)).toEqual({ priming: 1024, valid: 264600, rate: 48000 });
    expect(String.fromCharCode(...bytes)).not.toContain('iTunSMPB');
    expect(String.fromCharCode(...bytes)).toContain('iTunSMP_');
  });

  it('leaves an M4A with an edit list (the decoder honours it) and a file that is not an MP4 alone', () => {
    const edited = m4a({ editList: true });
    expect(takeITunSMPB(edited)).toBeNull();
    expect(String.fromCharCode(...edited)).toContain('iTunSMPB');
    const mp3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, ...text('iTunSMPB')]);
    expect(takeITunSMPB(mp3)).toBeNull();
  });

  it('cuts at the context rate, and not at all when the decoded buffer cannot hold the window', () => {
    const trim = { priming: 1024, valid: 264600, rate: 44100 };
    expect(trimWindow(265624, 44100, trim)).toEqual({ start: 1024, length: 264600 });
    expect(trimWindow(289115, 48000, trim)).toEqual({ start: 1115, length: 288000 });
    // a decoder that already skipped the priming (and lost as many samples at the end)
    expect(trimWindow(263576, 44100, trim)).toBeNull();
  });
});
