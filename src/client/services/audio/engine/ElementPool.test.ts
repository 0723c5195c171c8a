import { AUDIO_ELEMENT_ID, ElementPool } from './ElementPool';

describe('ElementPool', () => {
  // jsdom does not implement media loading; the pool's calls are what matter here
  beforeEach(() => {
    jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });
  afterEach(() => {
    jest.restoreAllMocks();
    document.body.replaceChildren();
  });

  it('load takes the element prepared for the URL; at most two are prepared, the oldest dropped', () => {
    const pool = new ElementPool(document);
    const current = pool.take('/a', []);
    pool.prepare('/b', [current]);
    pool.prepare('/c', [current]);
    const b = pool.all.find((p) => p.preparedUrl === '/b')!;
    expect(b.el.getAttribute('src')).toBe('/b');
    expect(b.el.preload).toBe('auto');
    pool.prepare('/d', [current]);
    expect(pool.all.map((p) => p.preparedUrl).filter(Boolean)).toEqual(expect.arrayContaining(['/c', '/d']));
    expect(pool.all.some((p) => p.preparedUrl === '/b')).toBe(false);
    // the dropped element was cleared (its request aborted) and now holds /d
    expect(b.el.getAttribute('src')).toBe('/d');
    expect(HTMLMediaElement.prototype.load).toHaveBeenCalledTimes(4);
    const c = pool.all.find((p) => p.preparedUrl === '/c')!;
    expect(pool.take('/c', [current])).toBe(c);
    expect(c.preparedUrl).toBeNull();
  });

  it('cancelPrepare clears the element; the active element carries the id and all stay in the document', () => {
    const pool = new ElementPool(document);
    const a = pool.take('/a', []);
    pool.prepare('/b', [a]);
    const b = pool.all.find((p) => p.preparedUrl === '/b')!;
    pool.cancelPrepare('/b');
    expect(b.preparedUrl).toBeNull();
    expect(b.el.getAttribute('src')).toBeNull();
    pool.activate(a);
    expect(document.getElementById(AUDIO_ELEMENT_ID)).toBe(a.el);
    pool.activate(b);
    expect(document.getElementById(AUDIO_ELEMENT_ID)).toBe(b.el);
    expect(document.querySelectorAll('audio')).toHaveLength(pool.all.length);
  });
});
