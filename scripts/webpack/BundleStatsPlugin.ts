import { gzipSync } from 'node:zlib';
import type { Compiler } from 'webpack';

export interface BundleStats {
  /** JS files the entry loads before any route chunk, with their gzip sizes */
  entry: { file: string; gzipBytes: number }[];
  /** every async chunk by name, with the JS files it needs beyond the entry */
  chunks: Record<string, { file: string; gzipBytes: number }[]>;
  /** raw bytes of source per npm package (or "(app)"), to see what a bundle holds */
  packages: Record<string, number>;
}

/** Writes bundle-stats.json beside the build: what the budget test and `npm run bench` read. */
export class BundleStatsPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('BundleStatsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BundleStatsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const gz = (file: string) => ({ file, gzipBytes: gzipSync(compilation.getAsset(file)!.source.buffer(), { level: 9 }).length });
        const js = (files: Iterable<string>) => [...files].filter((f) => f.endsWith('.js')).map(gz);
        const entryFiles = new Set<string>();
        for (const entry of compilation.entrypoints.values()) for (const f of entry.getFiles()) entryFiles.add(f);
        const chunks: BundleStats['chunks'] = {};
        for (const group of compilation.chunkGroups) {
          if (group.isInitial() || !group.name) continue;
          chunks[group.name] = js(group.getFiles().filter((f) => !entryFiles.has(f)));
        }
        const packages: Record<string, number> = {};
        for (const module of compilation.modules) {
          const id = module.nameForCondition() ?? '';
          const match = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
          const key = match ? match[1] : '(app)';
          packages[key] = (packages[key] ?? 0) + module.size();
        }
        const stats: BundleStats = { entry: js(entryFiles), chunks, packages };
        compilation.emitAsset('bundle-stats.json', new compiler.webpack.sources.RawSource(JSON.stringify(stats, null, 2)));
      });
    });
  }
}
