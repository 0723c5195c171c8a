import { act } from '@testing-library/react';
import { createServerReachability } from '../../services/serverReachability';
import { startReachabilityProbe } from './reachabilityProbe';

let stop = () => {};
let serverReachability = createServerReachability();
beforeEach(() => {
  jest.useFakeTimers();
  serverReachability = createServerReachability();
});
afterEach(() => {
  stop();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const flush = () => act(async () => void (await Promise.resolve()));

it('asks /api/health at start and every 3 s while the server does not answer, until it does', async () => {
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
  stop = startReachabilityProbe(serverReachability, true, '/api/health');
  await flush();
  expect(fetchMock).toHaveBeenCalledWith('/api/health', { cache: 'no-store' });
  expect(serverReachability.get()).toBe(false);

  await act(async () => void jest.advanceTimersByTime(3000));
  await flush();
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(serverReachability.get()).toBe(false);

  fetchMock.mockResolvedValue(new Response('{}', { status: 503 }));
  await act(async () => void jest.advanceTimersByTime(3000));
  await flush();
  expect(serverReachability.get()).toBe(true);
  await act(async () => void jest.advanceTimersByTime(10_000));
  expect(fetchMock).toHaveBeenCalledTimes(3);
});

it('starts asking again when a request finds the server gone', async () => {
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
  stop = startReachabilityProbe(serverReachability, true, '/api/health');
  await flush();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  serverReachability.set(false);
  await act(async () => void jest.advanceTimersByTime(3000));
  await flush();
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(serverReachability.get()).toBe(true);
});

it('asks nothing at start when the server sent the page, until a request finds the server gone', async () => {
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
  stop = startReachabilityProbe(serverReachability, false, '/api/health');
  await flush();
  await act(async () => void jest.advanceTimersByTime(10_000));
  expect(fetchMock).not.toHaveBeenCalled();
  serverReachability.set(false);
  await act(async () => void jest.advanceTimersByTime(3000));
  await flush();
  expect(fetchMock).toHaveBeenCalledWith('/api/health', { cache: 'no-store' });
  expect(serverReachability.get()).toBe(true);
});
