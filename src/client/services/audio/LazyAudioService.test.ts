import { FakeAudioService } from './FakeAudioService';
import { LazyAudioService } from './LazyAudioService';
import type { AudioEvent } from './AudioService';

function lazy() {
  const engine = new FakeAudioService();
  let fetches = 0;
  let fail = false;
  const service = new LazyAudioService(async () => {
    fetches += 1;
    if (fail) throw new Error('chunk failed to load');
    return engine;
  });
  return { engine, service, fetches: () => fetches, failNext: (v: boolean) => (fail = v) };
}

describe('LazyAudioService', () => {
  it('fetches the engine only when sound is needed, once, and hands over what was set before', async () => {
    const { engine, service, fetches } = lazy();
    service.setVolume(0.4);
    service.setMuted(true);
    service.setTrackGain(0.5);
    service.setNext({ key: 'b', url: '/b', gain: 1, crossfadeSeconds: 0 });
    service.pause();
    service.seek(3);
    expect(service.currentTime()).toBe(0);
    expect(fetches()).toBe(0);

    await service.load('/a');
    await service.play();
    expect(fetches()).toBe(1);
    expect(engine.methods()).toEqual(['setVolume', 'setMuted', 'setTrackGain', 'setNext', 'load', 'play']);
    expect(engine).toMatchObject({ volume: 0.4, muted: true, gain: 0.5, src: '/a', paused: false });
    expect(engine.next?.key).toBe('b');
  });

  it('passes the engine events to listeners that subscribed before it arrived', async () => {
    const { engine, service } = lazy();
    const events: AudioEvent[] = [];
    service.subscribe((e) => events.push(e));
    await service.load('/a');
    engine.emit({ type: 'ended' });
    expect(events.map((e) => e.type)).toEqual(['trackLoaded', 'ended']);
  });

  it('prepares once the engine is there, and fetches it again after a failed fetch', async () => {
    const { engine, service, fetches, failNext } = lazy();
    failNext(true);
    await expect(service.load('/a')).rejects.toThrow('chunk failed to load');
    failNext(false);
    service.prepare('/p');
    await service.load('/a');
    expect(fetches()).toBe(2);
    expect(engine.prepared).toEqual(['/p']);
    service.cancelPrepare('/p');
    expect(engine.prepared).toEqual([]);
  });
});

describe('LazyAudioService.warm', () => {
  it('fetches the engine once, ahead of any sound', async () => {
    const { service, fetches, engine } = lazy();
    service.warm();
    service.warm();
    await new Promise((r) => setTimeout(r, 10));
    expect(fetches()).toBe(1);
    await service.load('/a');
    expect(fetches()).toBe(1);
    expect(engine.src).toBe('/a');
  });
});
