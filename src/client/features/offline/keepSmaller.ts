/** docs/product.md §2.17: keep MP3 copies at this rate instead of the files as stored, when the user asks. */
export const SMALLER_KBPS = 192;

const KEY = 'wavelength.keepSmaller';

export function keepsSmaller(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setKeepsSmaller(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // storage blocked: the choice lasts for this page
  }
}

/** The URL a song is kept from: its stream, asking for the smaller copy when `maxBitRate` is given. */
export function keepUrl(publicUrl: string, maxBitRate: number | undefined): string {
  if (!maxBitRate) return publicUrl;
  const url = new URL(publicUrl, 'http://wavelength.invalid');
  url.searchParams.set('maxBitRate', String(maxBitRate));
  return url.origin === 'http://wavelength.invalid' ? `${url.pathname}${url.search}` : url.toString();
}
