import { createHash } from 'node:crypto';
import type { Compiler } from 'webpack';

/** What the service worker precaches: the page and the build's hashed scripts, and a version naming that list. */
export interface ShellAssets {
  files: string[];
  version: string;
}

/** Only what the app runs: no source maps, pre-compressed copies, licence notes, stats or artwork. */
const SHELL_FILE = /^assets\/[^/]+\.[0-9a-f]{8,}\.(js|css|woff2?)$/;

/**
 * Reads the client build's file list into `target` once its assets are final; the service
 * worker's build (webpack.config.ts, run after this one) writes the list into sw.js. A new build
 * has new hashes, so sw.js changes byte for byte and browsers see an update.
 */
export class ShellAssetsPlugin {
  constructor(private readonly target: ShellAssets) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('ShellAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ShellAssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const assets = Object.keys(compilation.assets)
          .filter((name) => SHELL_FILE.test(name))
          .sort();
        const files = ['/', ...assets.map((name) => `/${name}`)];
        this.target.files = files;
        // the page itself too: an edit of index.html alone (a meta tag) is a new version as well
        const page = compilation.getAsset('index.html')?.source.buffer() ?? Buffer.alloc(0);
        this.target.version = createHash('sha256').update(files.join('\n')).update(page).digest('hex').slice(0, 12);
      });
    });
  }
}
