import type { Browser } from 'playwright-core';
import { benchFlacFile, benchM4aFile, type AudioFile } from '../lib/audioFile';
import { atMost, info, type Figure } from '../lib/report';
import { startBenchServer } from '../lib/serverHandle';
import { median } from '../lib/stats';
import { appSeries, describeSeries, DWELL_MS, ENGINE_SWITCH, type AppFormat, type AppSeries } from './app';

/** Runs of each way and format in the app (each a fresh context, user and song). */
export const APP_RUNS = 3;
/** Issue 31 (sound on the first click): at 4 Mbit/s, a hovered Play sounds within 100 ms (docs/product.md §2.14 asked 150) ... */
export const INTENT_BUDGET_MS = 100;
/** ... and a Play clicked with no hover before it within 200 ms, for every format. */
export const NO_HOVER_BUDGET_MS = 200;

type ByFormat = Record<string, AppSeries>;

export interface AppClicks {
  formats: AppFormat[];
  /** hover DWELL_MS, then click: prepare on intent */
  hover: ByFormat;
  /** the same click with no hover before it: today's behaviour, the reference */
  cold: ByFormat;
  /** hover then click through the reference engine (the old HtmlAudioService, switched on in localStorage) */
  element: ByFormat;
  seconds: number;
}

/**
 * The app-level clicks for the four 5 MB files, on one server with the production build. The three
 * ways take turns within each format, so a slower stretch of the machine falls on all of them alike.
 */
export async function runAppClicks(
  browser: Browser,
  clientDir: string,
  made: { wav: AudioFile; mp3: AudioFile },
  log: (m: string) => void,
): Promise<AppClicks> {
  const t0 = performance.now();
  const formats: AppFormat[] = [
    { label: 'WAV', audio: made.wav },
    { label: 'MP3', audio: made.mp3 },
    { label: 'FLAC', audio: await benchFlacFile(log) },
    { label: 'M4A', audio: await benchM4aFile(log) },
  ];
  const server = await startBenchServer({ clientDir });
  const result: AppClicks = { formats, hover: {}, cold: {}, element: {}, seconds: 0 };
  try {
    for (const format of formats) {
      result.hover[format.label] = await appSeries(browser, server, format, { hover: true, engine: 'default' }, APP_RUNS);
      result.cold[format.label] = await appSeries(browser, server, format, { hover: false, engine: 'default' }, APP_RUNS);
      result.element[format.label] = await appSeries(browser, server, format, { hover: true, engine: 'element' }, APP_RUNS);
      log(
        `click: in the app, ${format.label}: hover ${Math.round(result.hover[format.label].p50)} ms, no hover ${Math.round(result.cold[format.label].p50)} ms, reference engine ${Math.round(result.element[format.label].p50)} ms (p50)`,
      );
    }
  } finally {
    await server.stop();
  }
  result.seconds = (performance.now() - t0) / 1000;
  return result;
}

const p50Of = (s: AppSeries, key: 'headersMs' | 'metadataMs' | 'bytesAtMetadata') => median(s.runs.map((r) => r[key] ?? Number.NaN));

/** Where the no-hover click's time goes: "headers 52 ms, loadedmetadata 540 ms after 232 KB" (p50s). */
export const describeColdPath = (s: AppSeries) =>
  `response headers ${Math.round(p50Of(s, 'headersMs'))} ms, the element's loadedmetadata ${Math.round(p50Of(s, 'metadataMs'))} ms after ${Math.round(p50Of(s, 'bytesAtMetadata') / 1000)} KB received, sound ${Math.round(s.p50)} ms`;

/**
 * Two budget figures per format: hover then click (its reference the same click without the hover,
 * the reference engine beside it), and the click without a hover (its reference the old one-element
 * player's hovered click), with where its time goes.
 */
export function appFigures(app: AppClicks): Figure[] {
  return app.formats.flatMap(({ label, audio }) => {
    const hover = app.hover[label];
    const cold = app.cold[label];
    const element = app.element[label];
    return [
      atMost(`in the app: hover ${DWELL_MS} ms on Play, click, to audible playback, 5 MB ${label} (p50)`, 'ms', hover.p50, INTENT_BUDGET_MS, {
        reference: { value: cold.p50, what: 'the same click after the same wait with the pointer away (nothing prepared)' },
        ratio: hover.p50 / cold.p50,
        note: `${(audio.sizeBytes / 1e6).toFixed(2)} MB ${audio.mimeType}. Hover then click: ${describeSeries(hover)}; no hover: ${describeSeries(cold)}; hover then click through the reference engine (HtmlAudioService): ${describeSeries(element)}`,
      }),
      atMost(`in the app: Play with no hover before it to audible playback, 5 MB ${label} (p50)`, 'ms', cold.p50, NO_HOVER_BUDGET_MS, {
        reference: { value: element.p50, what: 'hover then click through the reference engine (HtmlAudioService)' },
        ratio: cold.p50 / element.p50,
        note: `${describeSeries(cold)}; where it goes (p50 from the click): ${describeColdPath(cold)}`,
      }),
      info(`in the app: hover then click through the reference engine (HtmlAudioService), 5 MB ${label} (p50)`, 'ms', element.p50),
      info(`in the app, no hover: bytes of a 5 MB ${label} the element read before loadedmetadata (p50)`, 'KB', p50Of(cold, 'bytesAtMetadata') / 1000),
    ];
  });
}

/** The method text of the app-level clicks. */
export const appMethod = (app: AppClicks) =>
  `Then through the app itself (a production build), for four 5 MB files of the same chord: the WAV, the MP3, a FLAC (mono 16-bit, made by ffmpeg, its length chosen to land near 5 MB) and an M4A (AAC-LC 128 kbit/s by ffmpeg's native encoder, written with \`-movflags +faststart\` so the moov index comes first, as a file meant for streaming has it). Signed in, the Search page finds the song, the link is throttled, then the pointer rests on the song's Play button for ${DWELL_MS} ms (a realistic hover-to-click dwell: the intent that prepares the track, docs/product.md §2.14) and clicks; the time runs from the click (a capturing listener) to currentTime > 0 of #wavelength-audio. References in the same run and on the same server: the same click with no hover (the same ${DWELL_MS} ms wait with the pointer away from the button, so requests of the page still on the link settle alike; nothing is prepared before the click moves the pointer onto the button) and the hover then click with \`localStorage.${ENGINE_SWITCH} = 'element'\`, which makes the app play through the old one-element HtmlAudioService (its prepare does nothing). ${APP_RUNS} runs of each way and format, taking turns, each a fresh browser context, a new user and a song of its own (so a URL the browser never played); medians. The app-level clicks took ${app.seconds.toFixed(0)} s.`;
