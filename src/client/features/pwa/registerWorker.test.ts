import { SKIP_WAITING } from '../../sw/cacheNames';
import { registerWorker } from './registerWorker';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = jest.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

function fakeContainer(controlled: boolean, registration = new FakeRegistration()) {
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: jest.fn().mockResolvedValue(registration),
  });
  return { container: container as unknown as ServiceWorkerContainer, registration, raw: container };
}

it('registers /sw.js for the whole site and offers nothing on the first install', async () => {
  const { container, registration, raw } = fakeContainer(false);
  const offered = jest.fn();
  await registerWorker(offered, { container, reload: jest.fn() });
  expect(raw.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  const worker = new FakeWorker();
  registration.found(worker);
  worker.moveTo('installed');
  expect(offered).not.toHaveBeenCalled();
});

it('offers a new version once it is installed, and applies it only when asked: SKIP_WAITING, then one reload', async () => {
  const { container, registration } = fakeContainer(true);
  const reload = jest.fn();
  let apply: (() => void) | undefined;
  await registerWorker((applyUpdate) => (apply = applyUpdate), { container, reload });
  const worker = new FakeWorker();
  registration.found(worker);
  expect(apply).toBeUndefined();
  worker.moveTo('installed');
  expect(apply).toBeDefined();
  expect(worker.postMessage).not.toHaveBeenCalled();

  apply!();
  expect(worker.postMessage).toHaveBeenCalledWith(SKIP_WAITING);
  expect(reload).not.toHaveBeenCalled();
  container.dispatchEvent(new Event('controllerchange'));
  container.dispatchEvent(new Event('controllerchange'));
  expect(reload).toHaveBeenCalledTimes(1);
});

it('offers a version that was already waiting when the page opened', async () => {
  const registration = new FakeRegistration();
  registration.waiting = new FakeWorker();
  registration.waiting.state = 'installed';
  const { container } = fakeContainer(true, registration);
  const offered = jest.fn();
  await registerWorker(offered, { container, reload: jest.fn() });
  expect(offered).toHaveBeenCalledTimes(1);
});
