/** npm run dev: the API server restarting on change (tsx watch) and webpack-dev-server proxying /api to it. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const children = [
  spawn(process.execPath, [tsx, 'watch', '--clear-screen=false', 'src/server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SKIP_CLIENT_BUILD: '1' },
  }),
  spawn(process.execPath, [tsx, path.join(root, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && code !== 0 && stop()));
