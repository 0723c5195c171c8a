// Plain ESM on purpose: `npm start` runs it with plain node, before anything is compiled.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** webpack's production build of the web client into outDir (webpack.config.ts reads CLIENT_OUT_DIR). */
export function buildClient(root, outDir = path.join(root, 'dist/client')) {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'production', CLIENT_OUT_DIR: outDir } },
  );
  if (result.status !== 0) throw new Error('the web client did not build (see the webpack output above)');
  return Date.now() - started;
}
