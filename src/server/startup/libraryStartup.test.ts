import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeWav } from '../library/demo/wav';

const root = path.resolve(process.cwd());

/** Runs the real entry point until `done` matches its output (or 60 s pass), then stops it with SIGTERM. */
function runServerUntil(env: Record<string, string>, done: RegExp): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'src/server/index.ts')], {
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), SKIP_CLIENT_BUILD: '1', DEMO_LIBRARY: 'off', PORT: '0', ...env },
    });
    let output = '';
    const collect = (d: Buffer) => {
      output += d;
      if (done.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('MUSIC_DIR at start-up', () => {
  it('a missing folder stops start-up with one line naming the variable', async () => {
    const missing = path.join(os.tmpdir(), 'wl-no-such-music-folder');
    const result = await runServerUntil({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wl-music-')), MUSIC_DIR: missing, LOG_LEVEL: 'silent' }, /$^/);
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe(`wavelength: Invalid MUSIC_DIR: the folder ${missing} does not exist or cannot be read`);
  }, 90_000);

  it('is scanned in the background once the server listens', async () => {
    const music = mkdtempSync(path.join(os.tmpdir(), 'wl-music-'));
    mkdirSync(path.join(music, 'Album'));
    writeFileSync(path.join(music, 'Album', 'tone.wav'), encodeWav(new Int16Array(8000), 8000));
    const result = await runServerUntil(
      { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wl-music-data-')), MUSIC_DIR: music, LOG_LEVEL: 'info' },
      /library scan finished/,
    );
    const listening = result.output.indexOf('wavelength: listening on');
    const finished = result.output.indexOf('library scan finished');
    expect(listening).toBeGreaterThanOrEqual(0);
    expect(finished).toBeGreaterThan(listening);
    expect(result.output).toMatch(/"added":1/);
    expect(result.output).toMatch(/watching the music folders/);
  }, 90_000);
});
