import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uploadTempDir } from '../library/mediaDir';
import { removeStaleUploadParts, STALE_PART_AGE_MS } from './staleUploads';

describe('removeStaleUploadParts (kill -9 during an upload)', () => {
  it('removes .part files idle for an hour, keeps fresh ones (another instance may be writing) and other files', async () => {
    const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'wl-parts-'));
    const tmp = uploadTempDir(mediaDir);
    mkdirSync(tmp, { recursive: true });
    const now = Date.now();
    const old = (now - STALE_PART_AGE_MS - 60_000) / 1000;
    for (const name of ['a.part', 'b.part']) {
      writeFileSync(path.join(tmp, name), 'half an upload');
      utimesSync(path.join(tmp, name), old, old);
    }
    writeFileSync(path.join(tmp, 'fresh.part'), 'an upload in progress');
    writeFileSync(path.join(tmp, 'notes.txt'), 'not ours');
    utimesSync(path.join(tmp, 'notes.txt'), old, old);

    expect(await removeStaleUploadParts(mediaDir, STALE_PART_AGE_MS, now)).toBe(2);
    expect(readdirSync(tmp).sort()).toEqual(['fresh.part', 'notes.txt']);
  });

  it('is a no-op when MEDIA_DIR/tmp does not exist yet', async () => {
    const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'wl-parts-'));
    expect(await removeStaleUploadParts(mediaDir)).toBe(0);
  });
});
