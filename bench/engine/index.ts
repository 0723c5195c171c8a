import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Part } from '../lib/part';
import { OUT_DIR, ROOT, TSX_CLI } from '../lib/paths';
import { atMost, info, type Figure } from '../lib/report';
import { benchAlignment, type AlignmentBench } from './alignment';

const ENGINE_FIGURES = path.join(OUT_DIR, 'engine-figures.json');
const RADIO_FIGURES = path.join(OUT_DIR, 'radio-sync-figures.json');
const LOSSY_FIGURES = path.join(OUT_DIR, 'gapless-lossy-figures.json');

/** Runs the engine's browser tests (they measure as they assert) and keeps the figures they write. */
function runBrowserTests(clientDir: string, log: (m: string) => void): Promise<number> {
  const files = ['e2e/playback-engine.e2e.ts', 'e2e/gapless-lossy.e2e.ts', 'e2e/radio-sync.e2e.ts'];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSX_CLI, 'e2e/run.ts', ...files], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, E2E_CLIENT_DIR: clientDir, E2E_FIGURES: ENGINE_FIGURES, E2E_RADIO_FIGURES: RADIO_FIGURES, E2E_GAPLESS_FIGURES: LOSSY_FIGURES },
    });
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.includes('ENGINE-FIGURE') || /^(not )?ok /.test(line)) log(`engine: ${line.trim()}`);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

export const enginePart: Part = {
  name: 'engine',
  title: 'Playback engine in chromium: gapless, crossfade, ReplayGain, radio track change',
  limitSeconds: 900,
  async run(ctx) {
    const align = benchAlignment();
    ctx.log(
      `engine: hand-over alignment (${align.window} frames × ${align.lags} lags) before, brute force: ${align.bruteForce.multiplies} multiplies, ${align.bruteForce.ms.toFixed(2)} ms; after, FFT (size ${align.fft.fftSize}, ${align.fft.exactLags} lag(s) summed exactly): ${align.fft.multiplies} multiplies, ${align.fft.ms.toFixed(2)} ms; same lag and score: ${align.same}`,
    );
    rmSync(ENGINE_FIGURES, { force: true });
    rmSync(RADIO_FIGURES, { force: true });
    rmSync(LOSSY_FIGURES, { force: true });
    const code = await runBrowserTests(await ctx.clientDir(), ctx.log);
    const f = JSON.parse(readFileSync(ENGINE_FIGURES, 'utf8')) as Record<string, number>;
    const radio = JSON.parse(readFileSync(RADIO_FIGURES, 'utf8')) as { engineMs: number; referenceMs: number };
    const lossy = JSON.parse(readFileSync(LOSSY_FIGURES, 'utf8')) as Record<string, number>;
    const oldSwitch = (value: number) => ({ value, what: 'the old player switching its one element at ended (same run)' });
    const figures: Figure[] = [
      atMost('gap at the join of two halves of one sine (longest silence)', 'ms', f['gap.engine.silenceMs'], 3, {
        reference: oldSwitch(f['gap.reference.silenceMs']),
        ratio: f['gap.engine.silenceMs'] / f['gap.reference.silenceMs'],
      }),
      atMost('discontinuity around the join (time > 20 % off the continuing sine, ± 0.5 s)', 'ms', f['gap.engine.discontinuityMs'], 3, {
        reference: oldSwitch(f['gap.reference.discontinuityMs']),
      }),
      atMost('gap at the join through the app (an album from the queue)', 'ms', f.gapAppSilenceMs, 3, { reference: oldSwitch(f['gap.reference.silenceMs']) }),
      atMost('gap at the join, 48 kHz files (both paths resample)', 'ms', f['gap.engine48k.silenceMs'], 3),
      // a steady tone matches at every period: a hand-over that took the wrong one made the pair 90-150 ms long or short
      atMost("the sine pair sounds its files' length (hand-over kept its place)", 'ms', Math.abs(f['gap.engine.lengthErrorMs']), 5),
      atMost("the sine pair sounds its files' length, 48 kHz files", 'ms', Math.abs(f['gap.engine48k.lengthErrorMs']), 5),
      ...lossyFigures(lossy),
      atMost('crossfade set to 3 s: overlap error', 'ms', Math.abs(f.crossfadeOverlapSeconds - 3) * 1000, 50, {
        note: `both tones heard for ${f.crossfadeOverlapSeconds.toFixed(3)} s`,
      }),
      atMost('crossfade set to 3 s through the app: overlap error', 'ms', Math.abs(f.crossfadeAppOverlapSeconds - 3) * 1000, 50, {
        note: `both tones heard for ${f.crossfadeAppOverlapSeconds.toFixed(3)} s`,
      }),
      atMost('ReplayGain −6 dB track: level error', 'dB', Math.abs(f.replayGainDeltaDb + 6), 0.5, { note: `measured ${f.replayGainDeltaDb.toFixed(2)} dB` }),
      atMost('ReplayGain −6 dB through the app: level error', 'dB', Math.abs(f.replayGainAppDeltaDb + 6), 0.5, {
        note: `measured ${f.replayGainAppDeltaDb.toFixed(2)} dB`,
      }),
      atMost("two listeners' radio track change, apart", 'ms', radio.engineMs, 50, {
        reference: { value: radio.referenceMs, what: 'the old player, which changes when the message lands (same run)' },
        ratio: radio.engineMs / radio.referenceMs,
      }),
      info('hand-over from the element to the decoded copy: samples slipped (pink noise)', 'samples', f['handOver.slipSamples']),
      info('radio start at a wall-clock time: error', 'ms', f['radio.startErrorMs']),
      ...alignmentFigures(align),
    ];
    return {
      method: `The engine's browser tests (e2e/playback-engine.e2e.ts, e2e/radio-sync.e2e.ts) in Debian chromium on a production build: the app's own output is tapped by an AudioWorklet at the end of the engine's graph (debug switch wavelength_audio_tap). Gapless: two FLAC files that are the two halves of one 441 Hz sine, played one after the other, first by driving the engine as the sagas do, then through the app (a search's results as the queue); the reference in the same run is the old one-element player (switch wavelength_audio_engine=element) tapped the same way. MP3 and AAC: the same two halves encoded by ffmpeg's libmp3lame (a LAME tag), its aac in an M4A (an edit list), and its aac in an M4A without an edit list but with iTunes' iTunSMPB tag (e2e/gapless-lossy.e2e.ts). Crossfade: a 440 Hz and a 660 Hz tone of two albums with 3 s set; the overlap is the longest run of 40 ms Hann blocks, every 10 ms, where both tones are above −46 dB of their full level. ReplayGain: a 1 kHz tone tagged −6 dB against its untagged copy (RMS of the steady middle). Hand-over alignment: in node, one search of the hand-over's size (2048 frames over ±0.15 s at 44.1 kHz) on music-like signals, median of 9, by the FFT search the worker runs against the brute force it replaced (kept as the reference). Radio: two listeners tuned in while the station plays a 440 Hz then a 660 Hz tone of 6 s; the moment each output turns from one to the other, put on the shared wall clock through the context's output timestamp; the reference is the same with the old player. ${code === 0 ? 'Every test passed.' : `The tests exited with ${code}.`}`,
      figures,
      details: { engine: f, lossy, radio, alignment: align, testsExitCode: code },
    };
  },
};

const LOSSY = { mp3: 'MP3 (libmp3lame, LAME tag)', m4a: 'M4A (aac, edit list)', 'm4a-itunes': "M4A (aac, iTunes' iTunSMPB, no edit list)" };

/** The MP3 and AAC pairs' joins, beside the old element player on the same files. */
function lossyFigures(f: Record<string, number>): Figure[] {
  return Object.entries(LOSSY).flatMap(([codec, what]) => {
    const reference = (key: string) => ({ value: f[`gap.${codec}.reference.${key}`], what: 'the old player switching its one element at ended (same run)' });
    return [
      atMost(`gap at the join, ${what}`, 'ms', f[`gap.${codec}.engine.silenceMs`], 3, { reference: reference('silenceMs') }),
      atMost(`discontinuity around the join, ${what}`, 'ms', f[`gap.${codec}.engine.discontinuityMs`], 3, { reference: reference('discontinuityMs') }),
      // an element's stall before its hand-over under load adds to the length: a figure, not a budget
      info(`the pair's length off its files', ${what}`, 'ms', f[`gap.${codec}.engine.lengthErrorMs`]),
    ];
  });
}

function alignmentFigures(align: AlignmentBench): Figure[] {
  const before = (value: number) => ({ value, what: 'the brute-force search it replaced (same run, same signals)' });
  const note = `same lag and score as the brute force: ${align.same ? 'yes' : 'NO'}; FFT size ${align.fft.fftSize}`;
  return [
    info('hand-over alignment: multiplications (FFT, in a worker)', 'count', align.fft.multiplies, {
      reference: before(align.bruteForce.multiplies),
      ratio: align.fft.multiplies / align.bruteForce.multiplies,
      note,
    }),
    info('hand-over alignment: wall time in node (FFT)', 'ms', align.fft.ms, {
      reference: before(align.bruteForce.ms),
      ratio: align.fft.ms / align.bruteForce.ms,
    }),
  ];
}
