import type { Stats } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mayRead } from './mayRead';

/** docs/product.md §5.7: a file the server may not read is missing, though stat still sees it. */
const uid = process.getuid!();
const gid = process.getgid!();
const stats = (owner: number, group: number, mode: number) => ({ uid: owner, gid: group, mode: 0o100000 | mode }) as Stats;
// a path access() fails on for any user: only the mode bits can say true for it
const nowhere = path.join(os.tmpdir(), 'wavelength-no-such-file', 'song.mp3');

describe('mayRead', () => {
  it('answers from the mode bits, without a system call, when they allow: the owner, a group member, anyone', () => {
    expect(mayRead(nowhere, stats(uid, 12345, 0o400))).toBe(true);
    expect(mayRead(nowhere, stats(uid + 1, gid, 0o040))).toBe(true);
    expect(mayRead(nowhere, stats(uid + 1, 12345, 0o004))).toBe(true);
  });

  it('asks access() when the bits deny, as for the owner of a chmod 000 file or one only others may read', async () => {
    expect(await mayRead(nowhere, stats(uid, gid, 0o000))).toBe(false);
    // the owner is judged by the owner's bits alone
    expect(await mayRead(nowhere, stats(uid, gid, 0o044))).toBe(false);
    // access() may still allow what the bits deny (root, an ACL): the real path decides
    expect(await mayRead(os.tmpdir(), stats(uid, gid, 0o000))).toBe(true);
  });
});
