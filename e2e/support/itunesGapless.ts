/**
 * iTunes' gapless tag (iTunSMPB) written into an M4A that ffmpeg made without an edit list, as
 * iTunes-encoded files carry it: a '----' item (mean com.apple.iTunes, name iTunSMPB) appended to
 * moov/udta/meta/ilst. ffmpeg writes moov after mdat, so growing it moves no chunk offset.
 */

const box = (type: string, ...body: Buffer[]): Buffer => {
  const payload = Buffer.concat(body);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
};
const fullBox = (type: string, flags: number, ...body: Buffer[]) => {
  const vf = Buffer.alloc(4);
  vf.writeUInt32BE(flags, 0);
  return box(type, vf, ...body);
};

/** Finds the child box `type` within [from, to) of `file`: its offset, or -1. */
function child(file: Buffer, from: number, to: number, type: string): number {
  for (let at = from; at + 8 <= to; at += file.readUInt32BE(at)) if (file.toString('latin1', at + 4, at + 8) === type) return at;
  return -1;
}

/** The iTunSMPB text: zero, priming, padding and the valid sample count, in hex as iTunes writes it. */
export function iTunSMPB(priming: number, padding: number, valid: number): string {
  const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
  return ` 00000000 ${hex(priming, 8)} ${hex(padding, 8)} ${hex(valid, 16)} ${Array(8).fill('00000000').join(' ')}`;
}

/** The number of AAC frames (moov/trak/mdia/minf/stbl/stsz's count). */
function frameCount(file: Buffer, moov: number): number {
  let at = moov;
  let end = moov + file.readUInt32BE(moov);
  for (const type of ['trak', 'mdia', 'minf', 'stbl', 'stsz']) {
    at = child(file, at + 8, end, type);
    if (at < 0) throw new Error(`no ${type}`);
    end = at + file.readUInt32BE(at);
  }
  return file.readUInt32BE(at + 16);
}

/** `m4a` (ffmpeg's, -use_editlist 0, moov last) with an iTunSMPB item saying 1,024 frames of priming and `valid` samples. */
export function withITunSMPB(m4a: Buffer, valid: number): Buffer {
  const moov = child(m4a, 0, m4a.length, 'moov');
  if (moov < 0 || moov + m4a.readUInt32BE(moov) !== m4a.length) throw new Error('moov is not the last box');
  const priming = 1024;
  const padding = frameCount(m4a, moov) * 1024 - priming - valid;
  const item = box(
    '----',
    fullBox('mean', 0, Buffer.from('com.apple.iTunes')),
    fullBox('name', 0, Buffer.from('iTunSMPB')),
    box('data', Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]), Buffer.from(iTunSMPB(priming, padding, valid))),
  );
  const udta = child(m4a, moov + 8, m4a.length, 'udta');
  const meta = child(m4a, udta + 8, udta + m4a.readUInt32BE(udta), 'meta');
  const ilst = child(m4a, meta + 12, meta + m4a.readUInt32BE(meta), 'ilst');
  const ilstEnd = ilst + m4a.readUInt32BE(ilst);
  const out = Buffer.concat([m4a.subarray(0, ilstEnd), item, m4a.subarray(ilstEnd)]);
  for (const at of [moov, udta, meta, ilst]) out.writeUInt32BE(out.readUInt32BE(at) + item.length, at);
  return out;
}
