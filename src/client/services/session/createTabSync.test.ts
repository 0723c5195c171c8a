import type { TabSessionEvent } from './TabSync';
import { createTabSync, TAB_SYNC_CHANNEL } from './createTabSync';

/** A BroadcastChannel of one browser in memory: a message reaches every other channel of the same name. */
class FakeChannel extends EventTarget {
  static open: FakeChannel[] = [];
  constructor(readonly name: string) {
    super();
    FakeChannel.open.push(this);
  }
  postMessage(data: unknown) {
    for (const other of FakeChannel.open) {
      if (other !== this && other.name === this.name) other.dispatchEvent(Object.assign(new Event('message'), { data }));
    }
  }
}
const Channel = FakeChannel as unknown as typeof BroadcastChannel;

beforeEach(() => {
  FakeChannel.open = [];
});

describe('tab sync over a BroadcastChannel', () => {
  it('the other tab hears sign-out and sign-in; the announcing tab does not hear itself', () => {
    const [first, second] = [createTabSync({ Channel }), createTabSync({ Channel })];
    const heardByFirst: TabSessionEvent[] = [];
    const heardBySecond: TabSessionEvent[] = [];
    first.subscribe((e) => heardByFirst.push(e));
    second.subscribe((e) => heardBySecond.push(e));
    first.announce('signedOut');
    first.announce('signedIn');
    expect(heardBySecond).toEqual(['signedOut', 'signedIn']);
    expect(heardByFirst).toEqual([]);
    expect(FakeChannel.open.map((c) => c.name)).toEqual([TAB_SYNC_CHANNEL, TAB_SYNC_CHANNEL]);
  });

  it('ignores foreign messages and stops after unsubscribe', () => {
    const [first, second] = [createTabSync({ Channel }), createTabSync({ Channel })];
    const heard = jest.fn();
    const unsubscribe = second.subscribe(heard);
    FakeChannel.open[0].postMessage({ event: 'somethingElse', token: 'secret' });
    FakeChannel.open[0].postMessage('signedOut');
    expect(heard).not.toHaveBeenCalled();
    unsubscribe();
    first.announce('signedOut');
    expect(heard).not.toHaveBeenCalled();
  });
});

describe('tab sync with a BroadcastChannel also hears the token storage event', () => {
  const storage = (init: StorageEventInit) => window.dispatchEvent(new StorageEvent('storage', init));

  it('a sign-in whose message came before the token could be read is heard again when the token arrives', () => {
    const [first, second] = [createTabSync({ Channel, target: window }), createTabSync({ Channel, target: new EventTarget() })];
    const heard: TabSessionEvent[] = [];
    const unsubscribe = first.subscribe((e) => heard.push(e));
    second.announce('signedIn');
    storage({ key: 'auth_token', oldValue: null, newValue: 'b' });
    storage({ key: 'auth_token', oldValue: 'b', newValue: 'c' });
    storage({ key: 'auth_token', oldValue: 'c', newValue: null });
    unsubscribe();
    second.announce('signedOut');
    storage({ key: 'auth_token', oldValue: null, newValue: 'd' });
    expect(heard).toEqual(['signedIn', 'signedIn', 'signedOut']);
  });
});

describe('tab sync without BroadcastChannel: the token key storage event', () => {
  const storage = (init: StorageEventInit) => window.dispatchEvent(new StorageEvent('storage', init));

  it('a removed token is a sign-out, a first token a sign-in, a rotated token nothing', () => {
    const sync = createTabSync({ Channel: undefined, target: window });
    const heard: TabSessionEvent[] = [];
    const unsubscribe = sync.subscribe((e) => heard.push(e));
    storage({ key: 'auth_token', oldValue: 'a', newValue: null });
    storage({ key: 'auth_token', oldValue: null, newValue: 'b' });
    storage({ key: 'auth_token', oldValue: 'b', newValue: 'c' });
    storage({ key: 'wavelength-theme', oldValue: null, newValue: 'dark' });
    storage({ key: null, oldValue: null, newValue: null });
    unsubscribe();
    storage({ key: 'auth_token', oldValue: 'c', newValue: null });
    expect(heard).toEqual(['signedOut', 'signedIn', 'signedOut']);
  });
});
