import type { Browser, CDPSession, Page } from 'playwright-core';
import { armClickToSound, clickToSoundMs, LINK, searchRowOnSlowLink } from '../../e2e/support/clickToSound';
import { TOKEN_STORAGE_KEY } from '../../src/contract/limits';
import type { AudioFile } from '../lib/audioFile';
import { addBenchSong, type BenchServer } from '../lib/serverHandle';
import { median } from '../lib/stats';

/** the throttled link (e2e/support/clickToSound.ts), for the part's other measurements */
export { LINK };
/** How long the pointer rests on Play before the click: a realistic hover-to-click time (users take a few hundred ms). */
export const DWELL_MS = 700;
/** The localStorage switch that makes the app play through the old one-element HtmlAudioService (src/client/services/createServices.ts). */
export const ENGINE_SWITCH = 'wavelength_audio_engine';
/** The localStorage switch that exposes the audio service as window.wavelengthAudio (and records its output). */
export const TAP_SWITCH = 'wavelength_audio_tap';

export interface AppClickWay {
  /** rest the pointer on Play for DWELL_MS before the click (prepare on intent, docs/product.md §2.14); else wait as long with the pointer away */
  hover: boolean;
  /** 'element': the reference engine, the old HtmlAudioService; 'default': whatever the app plays through by default */
  engine: 'default' | 'element';
}

export interface AppClick {
  /** click (a capturing listener) to #wavelength-audio's currentTime > 0, polled every 2 ms */
  soundMs: number;
  /** a stream request of the song left before the click (the hover prepared it) */
  preparedBeforeClick: boolean;
  /** where a click's time goes: its first stream request's response headers, and #wavelength-audio's loadedmetadata, from the click (null: before it, or none) */
  headersMs: number | null;
  metadataMs: number | null;
  /** bytes of that request received when loadedmetadata fired: what the element's demuxer read before it knew the format */
  bytesAtMetadata: number | null;
}

/**
 * The real app: signed in (token in localStorage as the app keeps it), the Search page finds the
 * song, the link is throttled, then the pointer rests on the song's Play button (or away from it)
 * for DWELL_MS, then a click (which moves the pointer onto the button just before it presses). Measured from the click to currentTime > 0 of the element with the id
 * wavelength-audio (the engine's active element keeps that id), polled every 2 ms.
 */
export async function measureInApp(browser: Browser, baseUrl: string, token: string, title: string, way: AppClickWay): Promise<AppClick> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.evaluate(
      ([key, value, engineKey, engine, tapKey]) => {
        localStorage.setItem(key, value);
        if (engine === 'element') localStorage.setItem(engineKey, engine);
        // exposes the audio service: the clock reads its position (a first-bytes start sounds before the element moves)
        localStorage.setItem(tapKey, '1');
      },
      [TOKEN_STORAGE_KEY, token, ENGINE_SWITCH, way.engine, TAP_SWITCH] as const,
    );
    const { row, cdp } = await searchRowOnSlowLink(page, title);
    let streamRequests = 0;
    const waterfall = streamWaterfall(cdp);
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.includes('/api/songs/stream/')) streamRequests += 1;
    });
    await armClickToSound(page);
    await stampMetadata(page);
    const play = row.getByRole('button', { name: `Play ${title}` });
    // the same wait either way, so only the hover differs (requests of the page still on the link settle alike)
    if (way.hover) await play.hover();
    else await page.mouse.move(0, 0);
    await page.waitForTimeout(DWELL_MS);
    const preparedBeforeClick = streamRequests > 0;
    await play.click();
    const soundMs = await clickToSoundMs(page);
    const { clickWallMs, metadataMs } = await page.evaluate(
      () => (window as unknown as { benchMarks: { clickWallMs: number; metadataMs: number | null } }).benchMarks,
    );
    return { soundMs, preparedBeforeClick, metadataMs, ...waterfall.since(clickWallMs, metadataMs) };
  } finally {
    await context.close();
  }
}

/** The first stream request (DevTools network events, on the monotonic clock; wallTime maps it to the page's). */
function streamWaterfall(cdp: CDPSession) {
  let requestId: string | null = null;
  let wallOffsetS = 0;
  let headersS: number | null = null;
  const data: [number, number][] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    if (requestId !== null || !e.request.url.includes('/api/songs/stream/')) return;
    requestId = e.requestId;
    wallOffsetS = e.wallTime - e.timestamp;
  });
  cdp.on('Network.responseReceived', (e) => {
    if (e.requestId === requestId) headersS = e.timestamp;
  });
  cdp.on('Network.dataReceived', (e) => {
    if (e.requestId === requestId) data.push([e.timestamp, e.dataLength]);
  });
  return {
    /** headers after the click (null: the request left before it, a hover's), and the bytes in by `metadataMs` */
    since(clickWallMs: number, metadataMs: number | null): { headersMs: number | null; bytesAtMetadata: number | null } {
      const toClick = (s: number) => (s + wallOffsetS) * 1000 - clickWallMs;
      const headersMs = headersS === null || toClick(headersS) < 0 ? null : toClick(headersS);
      const bytesAtMetadata = metadataMs === null ? null : data.filter(([s]) => toClick(s) <= metadataMs).reduce((a, [, n]) => a + n, 0);
      return { headersMs, bytesAtMetadata: headersMs === null ? null : bytesAtMetadata };
    },
  };
}

/** Stamps the click's wall-clock time and #wavelength-audio's next loadedmetadata after it (the element the click plays on carries the id by then). */
async function stampMetadata(page: Page): Promise<void> {
  await page.evaluate(() => {
    const marks = { clickWallMs: 0, clicked: 0, metadataMs: null as number | null };
    (window as unknown as { benchMarks: typeof marks }).benchMarks = marks;
    document.addEventListener(
      'click',
      () => {
        marks.clicked = performance.now();
        marks.clickWallMs = performance.timeOrigin + marks.clicked;
      },
      { capture: true, once: true },
    );
    // capturing on the document: media events do not bubble, but they pass the capture phase
    document.addEventListener(
      'loadedmetadata',
      (e) => {
        if (marks.clicked && marks.metadataMs === null && (e.target as HTMLElement).id === 'wavelength-audio')
          marks.metadataMs = performance.now() - marks.clicked;
      },
      true,
    );
  });
}

export interface AppFormat {
  /** WAV, MP3, FLAC, M4A */
  label: string;
  audio: AudioFile;
}

export interface AppSeries extends AppClickWay {
  format: string;
  runs: AppClick[];
  p50: number;
}

/** `runs` clicks of one way on one format, each a new user and a new song (so a URL the browser never played). */
export async function appSeries(browser: Browser, server: BenchServer, format: AppFormat, way: AppClickWay, runs: number): Promise<AppSeries> {
  const clicks: AppClick[] = [];
  for (let i = 0; i < runs; i += 1) {
    const title = `Bench ${format.label} ${way.hover ? 'Hover' : 'Cold'} ${way.engine === 'element' ? 'Element' : 'Engine'} ${i + 1}`;
    await addBenchSong(server, title, format.audio);
    clicks.push(await measureInApp(browser, server.baseUrl, (await server.user()).token, title, way));
  }
  return { format: format.label, ...way, runs: clicks, p50: median(clicks.map((c) => c.soundMs)) };
}

/** "123, 130, 141 ms (prepared 3/3)" */
export const describeSeries = (s: AppSeries) =>
  `${s.runs.map((r) => Math.round(r.soundMs)).join(', ')} ms (a stream request before the click in ${s.runs.filter((r) => r.preparedBeforeClick).length}/${s.runs.length})`;
