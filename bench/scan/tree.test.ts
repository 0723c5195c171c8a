/**
 * @jest-environment node
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { artistName, writeTree } from './tree';

describe('the generated tree', () => {
  it('names 3,000 artists apart, the first 400 as before', () => {
    const names = Array.from({ length: 3_000 }, (_, i) => artistName(i));
    expect(new Set(names).size).toBe(3_000);
    expect(names[0]).toBe('Silver Harbor');
    expect(names[399]).toBe('Hidden Lights');
    expect(names[400]).toBe('Silver Harbor 2');
  });

  it('writes ten files per album for the shape it is given', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'wavelength-tree-test-'));
    try {
      const templates = { mp3: [Buffer.from('mp3 frames')], flac: [{ streamInfo: Buffer.alloc(34), frames: Buffer.from('flac frames') }] };
      const tree = await writeTree(root, templates, { albums: 10, artists: 3 });
      expect(tree).toMatchObject({ files: 100, albums: 10, artists: 4, compilations: 1 });
      expect(tree.mp3 + tree.flac).toBe(100);
      const count = (dir: string): number =>
        readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? count(path.join(dir, e.name)) : 1), 0);
      expect(count(root)).toBe(100);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
