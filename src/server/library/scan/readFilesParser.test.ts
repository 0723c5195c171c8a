import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadParseFile, type ParseFileFn } from '../../lib/musicMetadata';
import { readFiles } from './readFiles';
import { describeWithFfmpeg, makeMusicDir, makeTrack } from './test/makeTracks';
import { emptyCounters, type FoundFile } from './types';

describeWithFfmpeg('readFiles and music-metadata', () => {
  it('loads the parser once for all the files it reads, not once per file', async () => {
    const root = await makeMusicDir();
    try {
      const files: FoundFile[] = [];
      for (let i = 1; i <= 5; i += 1) {
        const file = await makeTrack(root, `Album/0${i}.mp3`, { tags: { title: `Song ${i}`, artist: 'Artist', album: 'Album' } });
        const s = await stat(file);
        files.push({ path: file, root, relPath: path.relative(root, file), size: s.size, mtimeMs: s.mtimeMs });
      }
      let loads = 0;
      let parses = 0;
      const loadParser = async (): Promise<ParseFileFn> => {
        loads += 1;
        const parse = await loadParseFile();
        return (...args) => {
          parses += 1;
          return parse(...args);
        };
      };
      const read = await readFiles(files, { ffmpegAvailable: true, counters: emptyCounters(), skipped: [], loadParser });
      expect(read.map((r) => r?.track.tags.title)).toEqual(['Song 1', 'Song 2', 'Song 3', 'Song 4', 'Song 5']);
      expect(parses).toBe(5);
      expect(loads).toBe(1);
      expect(await readFiles([], { ffmpegAvailable: true, counters: emptyCounters(), skipped: [], loadParser })).toEqual([]);
      expect(loads).toBe(1);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 30_000);
});
