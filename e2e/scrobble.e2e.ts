/**
 * Scrobbling (docs/product.md §2.10, §5.10): a listener connects ListenBrainz in Settings; a song
 * played in the web app is reported as playing now at its start and reaches the (mock) ListenBrainz
 * as a listen once half of it has played, not before.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { SCROBBLE_MESSAGES } from '../src/contract/scrobbleMessages';
import type { Submission } from '../src/server/modules/scrobble/test/listenBrainzSchema';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, screenshot } from './support/browser';
import { playFromSearch } from './support/playerBar';
import { E2E_LISTENBRAINZ } from './support/server';
import { freshListener } from './support/signedIn';
import { eventually } from './support/waits';

const LISTENBRAINZ_URL = process.env.E2E_LISTENBRAINZ_URL;
const TITLE = 'Cinder Street Shuffle';
const ARTIST = 'Dex Ambrose Trio';
const DURATION_S = 41;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

/** What the runner's mock ListenBrainz accepted so far. */
async function received(): Promise<Submission[]> {
  const res = await fetch(`${LISTENBRAINZ_URL}/__mock/received`);
  return ((await res.json()) as { received: Submission[] }).received;
}
type Listen = Extract<Submission, { listen_type: 'single' }>['payload'][number];
const ofTheSong = (subs: Submission[], types: string[]): (Listen | Omit<Listen, 'listened_at'>)[] =>
  subs.filter((s) => types.includes(s.listen_type)).flatMap((s) => s.payload.filter((l) => l.track_metadata.track_name === TITLE));
const listensOfTheSong = (subs: Submission[]) => ofTheSong(subs, ['single', 'import']) as Listen[];
/** Where the player bar says the song is, in seconds. */
const playerSeconds = async (page: Page) => Number(await page.getByRole('slider', { name: 'Seek' }).inputValue());

test('a song played to its scrobble point reaches ListenBrainz; playing now arrives at its start', { timeout: 120_000 }, async () => {
  assert.ok(LISTENBRAINZ_URL, 'the e2e runner started a mock ListenBrainz (E2E_LISTENBRAINZ_URL)');
  const listener = await freshListener(browser, 'scrobbler', '/settings');
  const { page } = listener;
  try {
    const section = page.getByRole('region', { name: 'Scrobbling' });
    const tokenField = section.getByLabel('ListenBrainz user token');

    // a token ListenBrainz refuses is not kept, and says so
    await tokenField.fill('not-a-token-listenbrainz-knows');
    await section.getByRole('button', { name: 'Connect ListenBrainz' }).click();
    await section.getByText(SCROBBLE_MESSAGES.tokenRejected).waitFor();

    await tokenField.fill(E2E_LISTENBRAINZ.token);
    await section.getByRole('button', { name: 'Connect ListenBrainz' }).click();
    await section.getByText(`Connected as ${E2E_LISTENBRAINZ.user}.`).waitFor();
    assert.ok(await section.getByRole('button', { name: 'Disconnect ListenBrainz' }).isVisible());
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe finds no serious or critical violation in Settings with Scrobbling');
    await screenshot(page, 'settings-scrobbling');

    const before = listensOfTheSong(await received()).length;
    const startedAt = Date.now() / 1000;
    await playFromSearch(page, 'cinder street', TITLE);
    const [playing] = await eventually(
      async () => ofTheSong(await received(), ['playing_now']),
      (l) => l.length > 0,
      'a playing_now of the song reaches ListenBrainz when it starts',
      10_000,
    );
    assert.equal(playing.track_metadata.artist_name, ARTIST);

    // a third of the way in: no listen yet
    await eventually(
      () => playerSeconds(page),
      (s) => s >= DURATION_S / 3,
      'a third of the song has played',
      30_000,
    );
    assert.equal(listensOfTheSong(await received()).length, before, 'no listen before the scrobble point');

    const listens = await eventually(
      async () => listensOfTheSong(await received()),
      (l) => l.length > before,
      'a listen of the song reaches ListenBrainz once half of it has played',
      30_000,
      250,
    );
    const listen = listens.at(-1)!;
    assert.equal(listen.track_metadata.artist_name, ARTIST);
    assert.ok(Math.abs(listen.listened_at - startedAt) < 15, `listened_at ${listen.listened_at} is when the song started (${Math.round(startedAt)})`);
    const at = await playerSeconds(page);
    console.log(`# scrobble: listen arrived with the player at ${at.toFixed(1)} s of ${DURATION_S} s`);
  } finally {
    await listener.close();
  }
});

test('Settings › Scrobbling on a phone in the dark: fits 360 px, reachable by keyboard, no serious axe finding', { timeout: 60_000 }, async () => {
  const listener = await freshListener(browser, 'scrobphone', '/settings');
  const { page } = listener;
  try {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 360, height: 740 });
    const section = page.getByRole('region', { name: 'Scrobbling' });
    const field = section.getByLabel('ListenBrainz user token');
    await field.waitFor();
    await eventually(
      () => page.evaluate(() => document.documentElement.scrollWidth),
      (width) => width <= 360,
      'no sideways scroll at 360 px',
    );
    const save = section.getByRole('button', { name: 'Connect ListenBrainz' });
    const box = await save.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `Connect ListenBrainz fits the phone's width (${JSON.stringify(box)})`);

    // the keyboard reaches the field and the button: Tab from the field lands on Connect ListenBrainz
    await field.focus();
    await page.keyboard.type(E2E_LISTENBRAINZ.token);
    await page.keyboard.press('Tab');
    assert.equal(await save.evaluate((el) => el === document.activeElement), true, 'Tab moves from the token field to Connect ListenBrainz');
    await page.keyboard.press('Enter');
    await section.getByText(`Connected as ${E2E_LISTENBRAINZ.user}.`).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe finds no serious or critical violation in the dark at 360 px');
  } finally {
    await listener.close();
  }
});
