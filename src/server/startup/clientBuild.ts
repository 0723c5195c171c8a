import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time of a file, or of anything below a folder (node_modules and dot-files aside). */
export function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when dist/client is missing or older than anything it is built from. */
export function clientBuildIsStale(root: string, clientDir: string): boolean {
  const built = path.join(clientDir, 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['src/client', 'src/contract', 'public', 'scripts/webpack', 'webpack.config.ts', 'package-lock.json'].map((p) => path.join(root, p));
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

export function buildClient(root: string): void {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error('the web client did not build (see the webpack output above)');
}
