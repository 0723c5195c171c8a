/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * One writer of the engine (docs/architecture.md, "The player"): the playback saga is the only code
 * that calls the AudioService; the audio events saga only listens to it. The queue and the radio
 * propose (player.plan, playRequested, radioPlayRequested, radioSyncRequested) and never call it.
 */
const clientRoot = path.resolve(__dirname, '..');
const PLAYBACK_SAGA = 'features/player/playbackSagas.ts';
const EVENTS_SAGA = 'features/player/audioEventsSaga.ts';

const METHODS = 'load|play|pause|seek|setVolume|setMuted|currentTime|prepare|cancelPrepare|setNext|setTrackGain|subscribe';
/** a method of the service called or handed to call(), or the service taken out of the saga context */
const CALLS = new RegExp(`\\baudio\\.(?:${METHODS})\\b|\\{[^}]*\\baudio\\b[^}]*\\}\\s*(?::\\s*Services\\s*)?=|services\\.audio\\b`, 'g');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const uses = (code: string) => code.match(CALLS) ?? [];

describe('the AudioService has one caller', () => {
  it('finds a call wherever it is written (self-check)', () => {
    expect(uses('yield call([audio, audio.setNext], plan);')).toEqual(['audio.setNext']);
    expect(uses("const { audio }: Services = yield getContext('services');")).toHaveLength(1);
    expect(uses('const position = services.audio.currentTime();')).toHaveLength(1);
    expect(uses('const radio = state.radio; const { audioUrl } = track;')).toEqual([]);
  });

  it('is the playback saga; the events saga only subscribes; services/audio is the service itself', () => {
    const callers = new Map<string, string[]>();
    for (const file of sourceFiles(clientRoot)) {
      const relative = path.relative(clientRoot, file).split(path.sep).join('/');
      if (relative.startsWith('services/')) continue;
      const found = uses(readFileSync(file, 'utf8'));
      if (found.length) callers.set(relative, found);
    }
    expect([...callers.keys()].sort()).toEqual([EVENTS_SAGA, PLAYBACK_SAGA]);
    expect(callers.get(EVENTS_SAGA)!.filter((use) => use.startsWith('audio.'))).toEqual(['audio.subscribe']);
  });
});
