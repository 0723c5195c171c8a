import { loadOpenApi, validateRecorded } from './openApiValidator';
import type { SubsonicFixture } from './subsonicFixture';

/**
 * The last test of a Subsonic test file: every JSON answer its clients received (fx.recorded)
 * matches the OpenSubsonic OpenAPI description, errors included. Call it after the file's tests.
 */
export function itMatchesOpenApi(fixture: () => SubsonicFixture | undefined): void {
  it('answered only JSON that matches the OpenSubsonic OpenAPI description', async () => {
    const fx = fixture();
    if (!fx) throw new Error('no fixture');
    expect(fx.recorded.length).toBeGreaterThan(0);
    await loadOpenApi();
    expect(validateRecorded(fx.recorded)).toEqual([]);
  }, 60_000);
}
