import type { ScanResult } from '../../../../contract/library';
import { createTestApp, type TestApp } from '../../../test/testApp';

/** A test app whose MUSIC_DIR is `root`. */
export async function createScanApp(root: string, options: { ffmpegAvailable?: () => boolean } = {}): Promise<TestApp> {
  return createTestApp({ env: { MUSIC_DIR: root }, ffmpegAvailable: options.ffmpegAvailable });
}

/** Runs one scan to its end and answers its result. */
export async function scanNow(t: TestApp): Promise<ScanResult> {
  const answer = await t.app.library.start();
  if (answer !== 'started') throw new Error(`scan did not start: ${answer}`);
  await t.app.library.whenIdle();
  const result = t.app.library.status().lastResult;
  if (!result) throw new Error('no scan result');
  if (result.outcome !== 'completed') throw new Error(`scan failed: ${result.error}`);
  return result;
}

/** Runs one scan of the given folders only (as the watcher asks for) to its end and answers its result. */
export async function scanFoldersNow(t: TestApp, folders: string[]): Promise<ScanResult> {
  const answer = await t.app.library.start(folders);
  if (answer !== 'started') throw new Error(`scan did not start: ${answer}`);
  await t.app.library.whenIdle();
  const result = t.app.library.status().lastResult;
  if (!result || result.outcome !== 'completed') throw new Error(`scan failed: ${result?.error}`);
  return result;
}
