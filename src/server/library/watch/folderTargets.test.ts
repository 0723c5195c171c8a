import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { collapseFolders } from '../scan/scanTargets';
import { folderTargets } from './folderTargets';

let root: string;
const at = (...parts: string[]) => path.join(root, ...parts);

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'wl-targets-'));
  await mkdir(at('A', 'B'), { recursive: true });
  await mkdir(at('C'), { recursive: true });
  await writeFile(at('A', 'x.mp3'), 'x');
  await writeFile(at('top.mp3'), 'x');
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe('collapseFolders', () => {
  it('drops duplicates and paths under another one, not mere name prefixes', () => {
    expect(collapseFolders(['/m/A/B', '/m/A', '/m/A/', '/m/AB', '/m/A/B/C', '/n']).sort()).toEqual(['/m/A', '/m/AB', '/n']);
  });
});

describe('folderTargets', () => {
  const CASES = [
    { name: 'a changed file: its folder', changed: [['A', 'x.mp3']], targets: [['A']] },
    { name: 'a folder: itself', changed: [['A', 'B']], targets: [['A', 'B']] },
    {
      name: 'a file and a subfolder of one folder: the folder once',
      changed: [
        ['A', 'x.mp3'],
        ['A', 'B'],
        ['A', 'gone.mp3'],
      ],
      targets: [['A']],
    },
    { name: 'a gone nested path: its nearest existing ancestor', changed: [['C', 'D', 'E', 'gone.mp3']], targets: [['C']] },
    { name: 'a gone top-level folder: itself, not the whole root', changed: [['Gone']], targets: [['Gone']] },
    // docs/product.md §5.8: the song beside it changed, and only a walk of its folder finds that song
    { name: 'a gone .lrc at the top: the root', changed: [['top.lrc']], targets: [[]] },
    { name: 'a file at the top: the root, which subsumes the rest', changed: [['top.mp3'], ['A', 'B'], ['Gone']], targets: [[]] },
  ];
  it.each(CASES)('$name', async ({ changed, targets }) => {
    const found = await folderTargets(
      root,
      changed.map((parts) => at(...parts)),
    );
    expect(found.sort()).toEqual(targets.map((parts) => at(...parts)).sort());
  });
});
