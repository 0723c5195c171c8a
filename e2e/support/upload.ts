/** Uploading through the Add Track dialog, with a generated WAV. */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/** A real WAV: 44-byte header and 16-bit mono PCM (a tone), `bytes` long in all. */
export function makeWav(bytes: number, sampleRate = 22_050): Buffer {
  const dataBytes = (bytes - 44) & ~1;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < dataBytes / 2; i++) buf.writeInt16LE(Math.round(6000 * Math.sin((2 * Math.PI * 330 * i) / sampleRate)), 44 + i * 2);
  return buf;
}

/** Uploads through the Add Track dialog and waits for it to finish; returns every progress value seen. */
export async function uploadThroughDialog(page: Page, title: string, artist: string, wav: Buffer): Promise<number[]> {
  await page.getByRole('button', { name: 'Add Track' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Track' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Artist').fill(artist);
  await dialog.getByLabel('Audio file').setInputFiles({ name: `${title}.wav`, mimeType: 'audio/wav', buffer: wav });
  // record every value the progress bar takes
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      const value = bar ? Number(bar.getAttribute('aria-valuenow')) : NaN;
      if (!Number.isNaN(value) && seen[seen.length - 1] !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await dialog.getByText(`"${title}" added`).waitFor({ timeout: 30_000 });
  assert.equal(await dialog.getByRole('progressbar').getAttribute('aria-valuenow'), '100');
  await dialog.waitFor({ state: 'hidden' });
  return page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
}
