import { spawnSync } from 'node:child_process';

/** Runs the server suite against PostgreSQL: each test file creates and drops a database on DATABASE_URL's server. */
const url = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const result = spawnSync('npx', ['jest', '--selectProjects', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url, NODE_OPTIONS: '--experimental-vm-modules' },
});
process.exit(result.status ?? 1);
