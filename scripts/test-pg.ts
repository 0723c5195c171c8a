import { spawnSync } from 'node:child_process';

/** Runs the server suite against PostgreSQL: each test file creates and drops a database on DATABASE_URL's server. */
const url = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('-'));
const paths = args.filter((a) => !a.startsWith('-'));
// --selectProjects takes several values: paths go after `--` so jest reads them as test paths.
const result = spawnSync('npx', ['jest', ...flags, '--selectProjects', 'server', '--', ...paths], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url, NODE_OPTIONS: '--experimental-vm-modules' },
});
process.exit(result.status ?? 1);
