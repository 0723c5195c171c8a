import { spawnSync } from 'node:child_process';

/**
 * Runs the server suite against PostgreSQL: each test file creates and drops a database on
 * DATABASE_URL's server. A whole run takes the fault tests (connections terminated, processes
 * killed, recovery timed) last and one at a time, so their timings do not share the two cores with
 * the suite's parallel workers (the library tests run ffmpeg).
 */
const url = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('-'));
const paths = args.filter((a) => !a.startsWith('-'));
const FAULTS = '/src/server/test/faults/';

// --selectProjects takes several values: paths go after `--` so jest reads them as test paths.
function jest(extra: string[], testPaths: string[]): number {
  const result = spawnSync('npx', ['jest', ...flags, ...extra, '--selectProjects', 'server', '--', ...testPaths], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url, NODE_OPTIONS: '--experimental-vm-modules' },
  });
  return result.status ?? 1;
}

if (paths.length > 0) process.exit(jest([], paths));
const rest = jest(['--testPathIgnorePatterns', '/node_modules/', FAULTS], []);
const faults = jest(['--runInBand'], [`src/server/test/faults`]);
process.exit(rest || faults);
