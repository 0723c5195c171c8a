import { routeFor } from './routeFor';

const origin = 'https://music.example';

it('answers page loads of the app from the network first, with the cached page behind', () => {
  for (const path of ['/', '/radio', '/albums/42?x=1', '/auth/login', '/kept']) expect(routeFor(`${origin}${path}`, 'navigate', origin)).toBe('navigation');
});

it('answers the build’s hashed files from the cache', () => {
  expect(routeFor(`${origin}/assets/main.0c87078427f6.js`, 'cors', origin)).toBe('asset');
  expect(routeFor(`${origin}/assets/129.c71a98102633.js`, 'no-cors', origin)).toBe('asset');
});

it('leaves source maps, compressed copies and unhashed files to the network', () => {
  for (const path of [
    '/assets/main.0c87078427f6.js.map',
    '/assets/main.0c87078427f6.js.gz',
    '/assets/main.js',
    '/manifest.webmanifest',
    '/icons/icon-192.png',
  ]) {
    expect(routeFor(`${origin}${path}`, 'no-cors', origin)).toBe('network');
  }
});

it('never touches the API, Subsonic, share pages, streams, metrics or the worker, even as page loads', () => {
  const paths = ['/api/health', '/api/radio/live', '/api/docs', '/api', '/rest/stream.view?id=1', '/rest', '/s/abc', '/metrics', '/sw.js'];
  for (const path of paths) {
    expect(routeFor(`${origin}${path}`, 'navigate', origin)).toBe('network');
    expect(routeFor(`${origin}${path}`, 'cors', origin)).toBe('network');
  }
});

it('leaves other origins and anything but GET alone', () => {
  expect(routeFor('https://cdn.example/assets/main.0c87078427f6.js', 'cors', origin)).toBe('network');
  expect(routeFor('https://elsewhere.example/', 'navigate', origin)).toBe('network');
  expect(routeFor(`${origin}/assets/main.0c87078427f6.js`, 'cors', origin, 'POST')).toBe('network');
  expect(routeFor(`${origin}/`, 'navigate', origin, 'HEAD')).toBe('network');
});

it('does not mistake paths that only start like a reserved one', () => {
  expect(routeFor(`${origin}/apis`, 'navigate', origin)).toBe('navigation');
  expect(routeFor(`${origin}/settings`, 'navigate', origin)).toBe('navigation');
});

it('sends a song’s stream to the kept music, and only the song stream', () => {
  expect(routeFor(`${origin}/api/songs/stream/1`, 'no-cors', origin)).toBe('kept-audio');
  expect(routeFor(`${origin}/api/songs/stream/1?format=mp3`, 'cors', origin)).toBe('kept-audio');
  expect(routeFor(`${origin}/api/songs/stream/1`, 'navigate', origin)).toBe('network');
  expect(routeFor(`${origin}/api/songs/stream/1`, 'cors', origin, 'HEAD')).toBe('network');
  expect(routeFor(`${origin}/api/songs/stream/1/x`, 'cors', origin)).toBe('network');
  expect(routeFor(`${origin}/rest/stream.view?id=1`, 'cors', origin)).toBe('network');
});
