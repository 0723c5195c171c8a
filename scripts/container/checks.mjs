// The checks scripts/container/test.sh makes of the image and of the app running inside it.
//   node checks.mjs config <buildah-inspect.json>     the image's config: user, volumes, port, env, health check
//   node checks.mjs wait <baseUrl> <timeoutS>         waits for /api/health to answer 200; prints the ms it took
//   node checks.mjs api <baseUrl> <email> <password>  logs in; the demo library, a ranged stream, and the
//                                                     /music folder's ALAC file (transcoded by the image's ffmpeg)
//   node checks.mjs compose <compose.yaml>            parses it and checks its shape (no compose on these machines)
import { readFileSync } from 'node:fs';

function check(condition, message) {
  if (!condition) {
    console.error(`FAIL: ${message}`);
    process.exit(1);
  }
  console.log(`ok: ${message}`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** buildah inspect --type image: the docker-format config carries the health check (OCI has none). */
function checkConfig(file) {
  const inspect = JSON.parse(readFileSync(file, 'utf8'));
  const config = inspect.Docker?.config ?? {};
  const user = String(config.User ?? '');
  check(user !== '' && !/^(0|root)(:|$)/.test(user), `runs as a non-root user (${user})`);
  check(user.split(':')[0] === '1000', 'the user is uid 1000');
  const volumes = Object.keys(config.Volumes ?? {}).sort();
  check(volumes.join(',') === '/data,/music', `volumes are /data and /music (${volumes.join(', ')})`);
  const ports = Object.keys(config.ExposedPorts ?? {});
  check(ports.includes('3000/tcp'), `port 3000/tcp exposed (${ports.join(', ')})`);
  const env = Object.fromEntries((config.Env ?? []).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  for (const [name, value] of Object.entries({ MUSIC_DIR: '/music', DATA_DIR: '/data', HOST: '0.0.0.0', NODE_ENV: 'production', MALLOC_ARENA_MAX: '2' })) {
    check(env[name] === value, `env ${name}=${value}`);
  }
  check(!('JWT_SECRET' in env), 'no JWT_SECRET baked into the image');
  const health = config.Healthcheck ?? {};
  const test = health.Test ?? [];
  check(test[0] === 'CMD' && test[1] === 'node', `health check runs node directly (${test.join(' ')})`);
  check(!test.join(' ').includes('curl') && !test.join(' ').includes('wget'), 'health check needs no curl or wget');
  check(JSON.stringify(config.Cmd) === '["node","dist/server/index.js"]', `command is node dist/server/index.js, node as PID 1`);
  check(config.WorkingDir === '/app', 'working directory /app');
  console.log(`healthcheck: ${test.slice(1).join(' ')}`);
}

async function waitHealthy(base, timeoutS) {
  const started = Date.now();
  while (Date.now() - started < timeoutS * 1000) {
    const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (response?.status === 200) {
      console.log(Date.now() - started);
      return;
    }
    await sleep(100);
  }
  console.error(`FAIL: ${base}/api/health did not answer 200 within ${timeoutS} s`);
  process.exit(1);
}

async function getJson(base, path, token, init = {}) {
  const response = await fetch(`${base}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  return { status: response.status, body: await response.json() };
}

async function login(base, email, password) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  const body = await response.json();
  check(response.status === 200 && typeof body.token?.token === 'string', `the admin logs in (${response.status})`);
  return body.token.token;
}

/** The scan of /music runs in the background: wait for its song to be listed. */
async function findMusicSong(base, token) {
  for (let i = 0; i < 300; i++) {
    const { body } = await getJson(base, '/api/songs?search=Container%20Check&limit=10', token);
    const song = body.songs?.find((s) => s.title === 'Container Check');
    if (song) return song;
    await sleep(200);
  }
  return undefined;
}

async function checkApi(base, email, password) {
  const token = await login(base, email, password);
  const { status, body } = await getJson(base, '/api/songs?limit=200', token);
  const demo = body.songs ?? [];
  check(status === 200 && demo.length >= 5, `the demo library answers (${demo.length} songs)`);
  const ranged = await fetch(`${base}/api/songs/stream/${demo[0].id}`, { headers: { authorization: `Bearer ${token}`, range: 'bytes=0-1023' } });
  const bytes = (await ranged.arrayBuffer()).byteLength;
  check(ranged.status === 206 && bytes === 1024, `a demo song streams with Range (${ranged.status}, ${bytes} bytes)`);
  const song = await findMusicSong(base, token);
  check(song !== undefined, 'the /music folder was scanned (its ALAC file is listed)');
  const alac = await fetch(`${base}/api/songs/stream/${song.id}`, { headers: { authorization: `Bearer ${token}` } });
  const flac = Buffer.from(await alac.arrayBuffer());
  const type = alac.headers.get('content-type');
  check(
    alac.status === 200 && flac.subarray(0, 4).toString() === 'fLaC',
    `the ALAC file streams as FLAC made by the image's ffmpeg (${type}, ${flac.length} bytes)`,
  );
}

/** compose.yaml: YAML that parses, the app with its volumes, grace period and health check, a postgres profile. */
async function checkCompose(file) {
  const { parse } = await import('yaml');
  const compose = parse(readFileSync(file, 'utf8'));
  const { app, postgres } = compose.services ?? {};
  check(app && postgres, 'compose.yaml parses, with the services app and postgres');
  check(app.volumes?.includes('data:/data') && 'data' in (compose.volumes ?? {}), 'app: a named volume for /data');
  check(
    app.volumes?.some((v) => /:\/music:ro$/.test(v)),
    'app: the music folder bound read-only',
  );
  check(app.ports?.includes('3000:3000') && Boolean(app.stop_grace_period), `app: port 3000, stop_grace_period ${app.stop_grace_period}`);
  check(JSON.stringify(app.healthcheck?.test) === '["CMD","node","/app/healthcheck.mjs"]', "app: the image's health check");
  check(app.profiles === undefined && postgres.profiles?.includes('postgres'), 'app runs alone by default; postgres is the profile');
  check(/^postgres:15/.test(postgres.image) && 'DATABASE_URL' in app.environment, 'postgres: PostgreSQL 15; app: DATABASE_URL');
}

const [command, ...args] = process.argv.slice(2);
if (command === 'config') checkConfig(args[0]);
else if (command === 'wait') await waitHealthy(args[0], Number(args[1] ?? 120));
else if (command === 'api') await checkApi(args[0], args[1], args[2]);
else if (command === 'compose') await checkCompose(args[0]);
else {
  console.error('usage: checks.mjs config <inspect.json> | wait <baseUrl> <timeoutS> | api <baseUrl> <email> <password> | compose <file>');
  process.exit(2);
}
