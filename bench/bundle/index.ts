import type { Part } from '../lib/part';
import { atMost, info, type Figure } from '../lib/report';
import { chunkBytes, largestPackages, PAGES, pageBytes, readStats, REFERENCE_APP_BYTES, SIGN_IN_AIM_BYTES, SIGN_IN_BUDGET_BYTES } from './stats';

const kb = (bytes: number) => bytes / 1000;

export const bundlePart: Part = {
  name: 'bundle',
  title: 'Bundle: JavaScript each page loads (gzip)',
  limitSeconds: 240,
  async run(ctx) {
    const started = performance.now();
    const dir = await ctx.clientDir();
    const buildSeconds = (performance.now() - started) / 1000;
    const stats = readStats(dir);
    const signIn = pageBytes(stats, PAGES['/auth/login']);
    const figures: Figure[] = [
      atMost('JS the sign-in page (/auth/login) loads', 'KB', kb(signIn.gzipBytes), SIGN_IN_BUDGET_BYTES / 1000, {
        reference: { value: kb(REFERENCE_APP_BYTES), what: 'the app SPEC was written from, every page' },
        ratio: signIn.gzipBytes / REFERENCE_APP_BYTES,
        note: `aim ${SIGN_IN_AIM_BYTES / 1000} KB: ${signIn.gzipBytes <= SIGN_IN_AIM_BYTES ? 'met' : 'not met'}`,
      }),
    ];
    for (const [page, chunks] of Object.entries(PAGES)) {
      if (page === '/auth/login') continue;
      figures.push(info(`JS ${page} loads`, 'KB', kb(pageBytes(stats, chunks).gzipBytes)));
    }
    const entry = stats.entry.reduce((a, f) => a + f.gzipBytes, 0);
    figures.push(info('entry (runtime + vendor + main), loaded by every page', 'KB', kb(entry)));
    for (const [name, bytes] of Object.entries(chunkBytes(stats)).sort((a, b) => b[1] - a[1])) {
      figures.push(info(`route chunk "${name}" beyond the entry`, 'KB', kb(bytes)));
    }
    return {
      method:
        "A production build of the client (webpack, the same configuration as `npm run build`, into a temporary folder); sizes are gzip level 9 of each emitted JavaScript file, read from the build's bundle-stats.json. A page loads the entry files (runtime, vendor split, main) plus its route chunks; KB = 1,000 bytes.",
      figures,
      details: {
        buildSeconds,
        signInFiles: signIn.files,
        entry: stats.entry,
        largestPackagesRawBytes: Object.fromEntries(largestPackages(stats, 12)),
      },
    };
  },
};
