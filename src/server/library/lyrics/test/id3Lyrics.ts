import { readFile, writeFile } from 'node:fs/promises';
import { makeTrack } from '../../scan/test/makeTracks';

/**
 * MP3 files with hand-built ID3v2.4 lyrics frames: ffmpeg writes its `lyrics` key as a TXXX frame,
 * never USLT or SYLT, which is how Mp3tag, MusicBee and foobar2000 store lyrics.
 */

const UTF8 = 3;
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const nul = Buffer.from([0]);

function syncsafe(size: number): Buffer {
  return Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
}

function frame(id: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id, 'latin1'), syncsafe(body.length), Buffer.from([0, 0]), body]);
}

export const textFrame = (id: string, text: string) => frame(id, Buffer.concat([Buffer.from([UTF8]), utf8(text)]));

/** USLT: unsynchronised lyrics in one language (the text may be LRC). */
export const usltFrame = (lang: string, text: string) => frame('USLT', Buffer.concat([Buffer.from([UTF8]), Buffer.from(lang, 'latin1'), nul, utf8(text)]));

/** SYLT: synchronised lyrics, times in ms (format 2) or MPEG frames (format 1). */
export function syltFrame(lang: string, lines: [number, string][], format: 1 | 2 = 2): Buffer {
  const head = Buffer.concat([Buffer.from([UTF8]), Buffer.from(lang, 'latin1'), Buffer.from([format, 1]), nul]);
  const body = lines.map(([time, text]) => {
    const stamp = Buffer.alloc(4);
    stamp.writeUInt32BE(time);
    return Buffer.concat([utf8(text), nul, stamp]);
  });
  return frame('SYLT', Buffer.concat([head, ...body]));
}

/** An MP3 (a tone made by ffmpeg) at root/relPath whose only tag is an ID3v2.4 tag of `frames`; answers its path. */
export async function makeMp3WithFrames(root: string, relPath: string, frames: Buffer[], frequency = 440): Promise<string> {
  const target = await makeTrack(root, relPath, { frequency });
  const audio = await readFile(target);
  // drop the tag ffmpeg wrote: 10 header bytes and its syncsafe size
  const skip = audio.subarray(0, 3).toString('latin1') === 'ID3' ? 10 + ((audio[6] << 21) | (audio[7] << 14) | (audio[8] << 7) | audio[9]) : 0;
  const body = Buffer.concat(frames);
  const header = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0]), syncsafe(body.length)]);
  await writeFile(target, Buffer.concat([header, body, audio.subarray(skip)]));
  return target;
}
