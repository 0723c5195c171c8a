import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Compiler } from 'webpack';

/**
 * Copies public/'s files other than the HTML template (the web app manifest, the icons) into the
 * build under the same paths; they are not hashed, so the server sends them with no-cache.
 */
export class PublicFilesPlugin {
  constructor(private readonly publicDir: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PublicFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of this.files(this.publicDir)) {
          const name = path.relative(this.publicDir, file).split(path.sep).join('/');
          if (name === 'index.html') continue;
          compilation.fileDependencies.add(file);
          compilation.emitAsset(name, new compiler.webpack.sources.RawSource(readFileSync(file)));
        }
      });
    });
  }

  private files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? this.files(file) : [file];
    });
  }
}
