import { LatestLoad, REPLACED } from './loadElement';

/** A load whose outcome the test decides; `cancel` rejects it as loadElement's does. */
function pendingLoad() {
  let resolve!: (duration: number) => void;
  let reject!: (error: Error) => void;
  const loaded = new Promise<number>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { loaded, cancel: jest.fn(() => reject(new Error(REPLACED))), resolve, reject };
}

describe('LatestLoad', () => {
  it('resolves the newest load with its duration and cancels the one it replaced', async () => {
    const latest = new LatestLoad();
    const first = pendingLoad();
    const firstDone = latest.track(latest.begin(), first);
    const second = pendingLoad();
    const secondDone = latest.track(latest.begin(), second);
    expect(first.cancel).toHaveBeenCalledTimes(1);
    await expect(firstDone).rejects.toThrow(REPLACED);
    second.resolve(42);
    await expect(secondDone).resolves.toBe(42);
    expect(second.cancel).not.toHaveBeenCalled();
  });

  it('rejects a load that finished after a newer one began, and passes a media error on', async () => {
    const latest = new LatestLoad();
    const stale = { loaded: Promise.resolve(10), cancel: () => {} };
    const staleDone = latest.track(latest.begin(), stale);
    latest.begin();
    await expect(staleDone).rejects.toThrow(REPLACED);
    const failing = pendingLoad();
    const failed = latest.track(latest.begin(), failing);
    failing.reject(new Error('media error'));
    await expect(failed).rejects.toThrow('media error');
  });
});
