/**
 * @jest-environment node
 */
import { chunkBytes, pageBytes, signInBytes, type BundleStats } from './stats';

const stats: BundleStats = {
  entry: [
    { file: 'runtime.js', gzipBytes: 2_000 },
    { file: 'vendor.js', gzipBytes: 120_000 },
    { file: 'main.js', gzipBytes: 10_000 },
  ],
  chunks: {
    'auth-login': [{ file: 'auth-login.js', gzipBytes: 500 }],
    shell: [
      { file: 'shell.js', gzipBytes: 2_000 },
      { file: 'shared-ui.js', gzipBytes: 3_000 },
    ],
    home: [
      { file: 'home.js', gzipBytes: 400 },
      { file: 'shared-ui.js', gzipBytes: 3_000 },
    ],
  },
  packages: {},
};

test('a page is the entry plus its chunks, each file counted once', () => {
  expect(signInBytes(stats).gzipBytes).toBe(132_500);
  const home = pageBytes(stats, ['shell', 'home']);
  expect(home.gzipBytes).toBe(132_000 + 2_000 + 3_000 + 400);
  expect(home.files.filter((f) => f === 'shared-ui.js')).toHaveLength(1);
});

test('an unknown chunk name is an error, not a zero', () => {
  expect(() => pageBytes(stats, ['nope'])).toThrow(/no chunk named "nope"/);
});

test('chunk sizes add up their files', () => {
  expect(chunkBytes(stats)).toEqual({ 'auth-login': 500, shell: 5_000, home: 3_400 });
});
