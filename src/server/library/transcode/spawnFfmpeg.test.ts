import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processRuns } from '../../lib/processRuns';

const HERE = path.dirname(fileURLToPath(import.meta.url));

const waitFor = async (check: () => Promise<boolean> | boolean, ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
};

describe('spawnFfmpeg', () => {
  it('kills ffmpeg when the server that started it is killed with SIGKILL', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wavelength-guard-'));
    const pidFile = path.join(dir, 'ffmpeg.pid');
    const fake = path.join(dir, 'ffmpeg');
    await writeFile(fake, `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 60\n`);
    await chmod(fake, 0o755);
    // a stand-in for the server: starts "ffmpeg" as the server does, then waits to be killed
    const script = `import { spawnFfmpeg } from '${path.join(HERE, 'spawnFfmpeg.ts')}'; spawnFfmpeg('${fake}', ['-i', 'x'], 'ignore'); setInterval(() => {}, 1000);`;
    const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: 'ignore',
      cwd: HERE,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(await waitFor(() => readFile(pidFile, 'utf8').then(Boolean, () => false), 15_000)).toBe(true);
    const ffmpegPid = Number((await readFile(pidFile, 'utf8')).trim());
    expect(processRuns(ffmpegPid)).toBe(true);
    server.kill('SIGKILL');
    expect(await waitFor(() => !processRuns(ffmpegPid), 3000)).toBe(true);
  }, 30_000);
});
