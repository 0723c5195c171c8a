import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/axe';
import { createListener, launchBrowser, newContext, screenshot, signIn } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

const MINUS = '\u2212';

async function press(control: Locator, key: string, times: number): Promise<void> {
  await control.focus();
  for (let i = 0; i < times; i++) await control.press(key);
}

/** What the panel shows and says for its three settings. */
async function shown(panel: Locator) {
  return {
    crossfade: await panel.getByRole('slider', { name: 'Crossfade' }).getAttribute('aria-valuetext'),
    mode: await panel.getByRole('radio', { name: /^Track\b/ }).isChecked(),
    preamp: await panel.getByRole('slider', { name: 'Preamp' }).getAttribute('aria-valuetext'),
    text: await panel.locator('output').allTextContents(),
  };
}

async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Playback' });
  await panel.waitFor();
  return panel;
}

test('Settings › Playback: crossfade, ReplayGain and preamp set by keyboard, saved, and still there after a reload', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const user = await createListener(page, 'playback');
  await signIn(page, user.email, user.password);
  const panel = await openSettings(page);
  const crossfade = panel.getByRole('slider', { name: 'Crossfade' });
  const preamp = panel.getByRole('slider', { name: 'Preamp' });
  assert.equal(await crossfade.getAttribute('aria-valuetext'), 'Off');

  // crossfade: eight half-second steps to 4 s, by keyboard, with the focus ring showing
  await press(crossfade, 'ArrowRight', 8);
  assert.equal(await crossfade.getAttribute('aria-valuetext'), '4 s');
  const ring = await crossfade.evaluate((el) => el === document.activeElement && getComputedStyle(el).outlineStyle);
  assert.equal(ring, 'solid', 'the focused slider shows its focus ring');

  // ReplayGain: from Automatic, the arrow key moves to Track (a radio group)
  await press(panel.getByRole('radio', { name: /^Automatic\b/ }), 'ArrowDown', 1);
  assert.ok(await panel.getByRole('radio', { name: /^Track\b/ }).isChecked(), 'Track is chosen');

  // preamp: six half-dB steps down to −3 dB; it is off while ReplayGain is off
  await press(preamp, 'ArrowLeft', 6);
  assert.equal(await preamp.getAttribute('aria-valuetext'), `${MINUS}3.0 dB`);
  await panel.getByRole('radio', { name: /^Off\b/ }).check();
  assert.ok(await preamp.isDisabled(), 'no preamp while ReplayGain is off');
  await panel.getByRole('radio', { name: /^Track\b/ }).check();
  assert.ok(await preamp.isEnabled());

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Settings saved').waitFor();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('wavelength_settings') ?? '{}').playback);
  assert.deepEqual(stored, { crossfadeSeconds: 4, replayGainMode: 'track', preampDb: -3 });

  await page.reload();
  const again = page.getByRole('region', { name: 'Playback' });
  await again.waitFor();
  assert.deepEqual(await shown(again), { crossfade: '4 s', mode: true, preamp: `${MINUS}3.0 dB`, text: ['4 s', `${MINUS}3.0 dB`] });

  // no serious accessibility problem, in the light theme or the dark one
  assert.deepEqual(await seriousA11yViolations(page), [], 'axe, light theme');
  await page.setViewportSize({ width: 1280, height: 1000 });
  await again.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await screenshot(page, 'settings-playback');

  await page.emulateMedia({ colorScheme: 'dark' });
  // the theme follows the system live (a render after the media query's change event), then its colours transition
  await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(15, 17, 23)', undefined, { timeout: 5_000 });
  await page
    .getByRole('main')
    .first()
    .evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(15, 17, 23)', 'the dark theme shows');
  assert.deepEqual(await seriousA11yViolations(page), [], 'axe, dark theme');

  // on a 360 px phone neither the page nor the panel scrolls sideways
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px at 360 px`);
  const panelOverflow = await again.evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.ok(panelOverflow <= 0, `the Playback panel is ${panelOverflow} px too wide at 360 px`);
  const box = await again.getByRole('slider', { name: 'Preamp' }).boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `the preamp slider fits the screen (${JSON.stringify(box)})`);
  await context.close();
});
