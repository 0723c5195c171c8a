import { IcecastMetadataReader } from 'icecast-metadata-js';
import { ICY_METAINT, IcyInterleaver, icyMetadataBlock } from './icyMetadata';

describe('icyMetadataBlock', () => {
  it('pads StreamTitle to 16-byte units after a length byte; unchanged is one 0 byte', () => {
    const block = icyMetadataBlock('Artist - Title');
    const text = "StreamTitle='Artist - Title';";
    expect(block[0]).toBe(Math.ceil(text.length / 16));
    expect(block.length).toBe(1 + block[0] * 16);
    expect(block.subarray(1, 1 + text.length).toString()).toBe(text);
    expect(block.subarray(1 + text.length).every((b) => b === 0)).toBe(true);
    expect(icyMetadataBlock(null)).toEqual(Buffer.from([0]));
  });

  it('cuts a title too long for one block', () => {
    const block = icyMetadataBlock('x'.repeat(5000));
    expect(block[0]).toBe(255);
    expect(block.subarray(block.length - 2).toString()).toBe("';");
  });
});

describe('IcyInterleaver', () => {
  it('puts a block after every metaint bytes, whatever the chunking, that icecast-metadata-js reads back', () => {
    const titleFor = (position: number) => (position < 3 * ICY_METAINT ? 'A - Émile' : "B - Guns N' Roses");
    const icy = new IcyInterleaver(titleFor);
    const audio = Buffer.alloc(5 * ICY_METAINT + 100, 7);
    const out: Buffer[] = [];
    for (let at = 0; at < audio.length; at += 1000) out.push(...icy.wrap(audio.subarray(at, at + 1000), at));
    const titles: string[] = [];
    let streamBytes = 0;
    const reader = new IcecastMetadataReader({
      icyMetaInt: ICY_METAINT,
      onStream: ({ stream }) => void (streamBytes += stream.length),
      onMetadata: ({ metadata }) => void titles.push(metadata.StreamTitle ?? ''),
    });
    reader.readAll(new Uint8Array(Buffer.concat(out)));
    expect(streamBytes).toBe(audio.length);
    expect(titles).toEqual(['A - Émile', "B - Guns N' Roses"]);
  });
});
