import { DISK_FULL_REPORT_MS } from '../../lib/diskFull';
import { FREE_SPACE_CACHE_MS, LOW_DISK_FREE_BYTES, type StatFs } from '../../lib/freeSpace';
import { OPENAPI_PATH } from '../../plugins/apiReference';
import { createTestApp, type TestApp } from '../../test/testApp';

/** docs/product.md §8.1: /api/health says disk 'low', with the free bytes, before a write fails for a full disk. */

let t: TestApp;
/** the free bytes the fake statfs answers per folder; a folder not here fails as ENOENT */
const free = new Map<string, number>();
let looks = 0;
const statfs: StatFs = async (dir) => {
  looks += 1;
  const bytes = free.get(dir);
  if (bytes === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, statfs '${dir}'`), { code: 'ENOENT' });
  return { bavail: bytes / 512, bsize: 512 };
};
const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
const later = () => (t.clock.now += FREE_SPACE_CACHE_MS);

beforeAll(async () => {
  t = await createTestApp({ env: { MEDIA_DIR: '/srv/wavelength-media-test' }, statfs });
}, 60_000);
afterAll(async () => t?.close());

describe('/api/health and the free space', () => {
  it(`says disk 'low' with the free bytes under ${LOW_DISK_FREE_BYTES} in either folder, looked at once every ${FREE_SPACE_CACHE_MS} ms; nothing while both have room`, async () => {
    free.set(t.config.dataDir, 50 * 1024 ** 3).set(t.config.mediaDir, LOW_DISK_FREE_BYTES);
    expect(await health()).toEqual({ success: true, database: 'ok' });
    later();
    free.set(t.config.mediaDir, LOW_DISK_FREE_BYTES - 512);
    const before = looks;
    expect(await health()).toEqual({ success: true, database: 'ok', disk: 'low', diskFreeBytes: LOW_DISK_FREE_BYTES - 512 });
    free.set(t.config.dataDir, 1024).set(t.config.mediaDir, 50 * 1024 ** 3);
    for (let i = 0; i < 5; i += 1) expect((await health()).diskFreeBytes).toBe(LOW_DISK_FREE_BYTES - 512);
    expect(looks - before).toBe(2); // DATA_DIR and MEDIA_DIR, once
    later();
    expect(await health()).toMatchObject({ disk: 'low', diskFreeBytes: 1024 });
  });

  it("says disk 'full' for a minute after a write failed for a full disk, then 'low' again; nothing when statfs cannot read either folder", async () => {
    t.app.diskFull.record();
    expect(await health()).toEqual({ success: true, database: 'ok', disk: 'full' });
    t.clock.now += DISK_FULL_REPORT_MS;
    expect(await health()).toEqual({ success: true, database: 'ok', disk: 'low', diskFreeBytes: 1024 });
    free.clear();
    later();
    expect(await health()).toEqual({ success: true, database: 'ok' });
  });

  it('documents disk and diskFreeBytes in the OpenAPI reference', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const body = doc.paths['/api/health'].get.responses['200'].content['application/json'].schema;
    expect(body.properties.disk.enum).toEqual(['low', 'full']);
    expect(body.properties.diskFreeBytes.type).toBe('integer');
  });
});
