import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { loadOpenApi, validateRecorded, validateSubsonicResponse } from './test/openApiValidator';
import { subsonicFixture, type SubsonicFixture } from './test/subsonicFixture';
import { elementNames, elementsAttributes, rootAttributes, rootName } from './test/xmlElements';

const envelope = { version: '1.16.1', type: 'wavelength', serverVersion: '0.1.0', openSubsonic: true };
const ok = (payload: Record<string, unknown> = {}) => ({ 'subsonic-response': { status: 'ok', ...envelope, ...payload } });
const failed = (code: number, message: string) => ({ 'subsonic-response': { status: 'failed', ...envelope, error: { code, message } } });

const album = {
  id: 'a1',
  name: 'Album',
  songCount: 1,
  duration: 180,
  created: '2024-01-02T03:04:05.000Z',
  song: [{ id: 's1', isDir: false, title: 'Song', album: 'Album', albumId: 'a1', duration: 180, type: 'music' }],
};

beforeAll(() => loadOpenApi(), 60_000);

describe('the OpenSubsonic OpenAPI validator', () => {
  it('accepts minimal valid bodies of ping, getLicense and getAlbum, and the failure shape for any method', () => {
    expect(validateSubsonicResponse('ping', ok())).toEqual([]);
    expect(validateSubsonicResponse('ping.view', ok())).toEqual([]);
    expect(validateSubsonicResponse('getLicense', ok({ license: { valid: true } }))).toEqual([]);
    expect(validateSubsonicResponse('getAlbum', ok({ album }))).toEqual([]);
    expect(validateSubsonicResponse('getAlbum', failed(70, 'Album not found.'))).toEqual([]);
    expect(validateSubsonicResponse('ping', failed(40, 'Wrong username or password.'))).toEqual([]);
  });

  it('rejects a body missing a required field, with the path of the field', () => {
    const { id: _id, ...withoutId } = album;
    const errors = validateSubsonicResponse('getAlbum', ok({ album: withoutId }));
    expect(errors).toContainEqual(expect.stringMatching(/^getAlbum: \/subsonic-response\/album must have required property 'id'$/));
    expect(validateSubsonicResponse('getAlbum', ok())).toContainEqual(expect.stringContaining("must have required property 'album'"));
    expect(validateSubsonicResponse('getLicense', ok({ license: {} }))).toContainEqual(expect.stringContaining("required property 'valid'"));
  });

  it('rejects wrong types in the envelope and in the payload', () => {
    const badVersion = { 'subsonic-response': { status: 'ok', ...envelope, version: 1.16 } };
    expect(validateSubsonicResponse('ping', badVersion)).toEqual(['ping: /subsonic-response/version must be string']);
    expect(validateSubsonicResponse('ping', { 'subsonic-response': { status: 'ok', ...envelope, openSubsonic: 'true' } })).not.toEqual([]);
    expect(validateSubsonicResponse('getLicense', ok({ license: { valid: 'yes' } }))).toContainEqual(expect.stringContaining('/license/valid must be boolean'));
    expect(validateSubsonicResponse('getAlbum', ok({ album: { ...album, songCount: '1' } }))).not.toEqual([]);
    expect(validateSubsonicResponse('getAlbum', ok({ album: { ...album, created: 'yesterday' } }))).toContainEqual(
      expect.stringContaining('must match format "date-time"'),
    );
  });

  it('rejects a broken failure, an unknown status, a missing envelope member and a body without subsonic-response', () => {
    const noError = { 'subsonic-response': { status: 'failed', ...envelope } };
    expect(validateSubsonicResponse('getAlbum', noError)).toContainEqual(expect.stringContaining("required property 'error'"));
    expect(validateSubsonicResponse('ping', { 'subsonic-response': { status: 'failed', ...envelope, error: { code: '70' } } })).not.toEqual([]);
    expect(validateSubsonicResponse('ping', { 'subsonic-response': { status: 'maybe', ...envelope } })).not.toEqual([]);
    const { serverVersion: _sv, ...noServerVersion } = envelope;
    expect(validateSubsonicResponse('ping', { 'subsonic-response': { status: 'ok', ...noServerVersion } })).toContainEqual(
      expect.stringContaining("required property 'serverVersion'"),
    );
    expect(validateSubsonicResponse('ping', {})).toEqual([expect.stringContaining("'subsonic-response'")]);
    expect(validateSubsonicResponse('ping', null)).not.toEqual([]);
  });

  it('calls an unknown method an error, never valid', () => {
    expect(validateSubsonicResponse('noSuchMethod', ok())).toEqual([expect.stringContaining('no such method')]);
    expect(validateSubsonicResponse('stream', ok())).toEqual([expect.stringContaining('no JSON response')]);
  });

  it('checks a recorded list: HTTP 200 and the shape; an unknown or binary method only as a failure', () => {
    const record = (method: string, body: unknown, status = 200) => ({ method, status, contentType: 'application/json', body });
    expect(validateRecorded([record('ping', ok()), record('noSuchMethod', failed(70, 'Unknown')), record('stream', failed(70, 'Song not found.'))])).toEqual(
      [],
    );
    expect(validateRecorded([record('ping', ok(), 404)])).toEqual(['#0 ping: HTTP 404 (Subsonic answers 200, errors included)']);
    expect(validateRecorded([record('ping', ok()), record('stream', ok())])).toEqual([expect.stringMatching(/^#1 stream: .*status "ok"$/)]);
    expect(validateRecorded([record('getLicense', ok())])).toEqual([
      expect.stringContaining("#0 getLicense: /subsonic-response must have required property 'license'"),
    ]);
  });
});

describe('the XML reader', () => {
  it('lists element names once in document order, and reads root attributes with entities', () => {
    const xml = `<?xml version="1.0"?><a x="1 &amp; 2" y='&lt;b&gt;'><b n="1"/><c>t</c><b n="2"></b></a>`;
    expect(elementNames(xml)).toEqual(['a', 'b', 'c']);
    expect(rootName(xml)).toBe('a');
    expect(rootAttributes(xml)).toEqual({ x: '1 & 2', y: '<b>' });
    expect(elementsAttributes(xml, 'b')).toEqual([{ n: '1' }, { n: '2' }]);
    expect(() => rootAttributes('plain text')).toThrow('not XML');
  });
});

let fx: SubsonicFixture;

describeWithFfmpeg('system calls against the OpenSubsonic description', () => {
  beforeAll(async () => {
    fx = await subsonicFixture();
  }, 120_000);
  afterAll(async () => fx?.close());

  it('every JSON answer of the system calls validates, errors included', async () => {
    const listener = fx.as.listener;
    const username = listener.user.user.username;
    for (const client of [listener.token, listener.key]) {
      expect((await client.ping()).status).toBe('ok');
      expect((await client.getLicense()).status).toBe('ok');
      expect((await client.getOpenSubsonicExtensions()).status).toBe('ok');
      expect((await client.getMusicFolders()).status).toBe('ok');
      expect((await client.getUser({ username })).status).toBe('ok');
      expect((await client.getScanStatus()).status).toBe('ok');
    }
    const other = await listener.token.getUser({ username: fx.admin.user.username });
    expect(other).toMatchObject({ status: 'failed', error: { code: 50 } });
    expect((await fx.as.admin.key.getUser({ username: 'nobody-here' })).status).toBe('failed');
    expect((await fx.as.admin.key.getUser({ username: fx.admin.user.username })).user.adminRole).toBe(true);
    expect((await fx.raw('getUser.view', fx.tokenParams('listener', { f: 'json' }))).status).toBe(200);
    expect((await fx.raw('startScan', fx.tokenParams('listener', { f: 'json' }), { post: true })).status).toBe(200);

    expect(fx.recorded.length).toBeGreaterThanOrEqual(17);
    expect(
      fx.recorded.some((r) => r.method === 'getUser' && (r.body as { 'subsonic-response': { status: string } })['subsonic-response'].status === 'failed'),
    ).toBe(true);
    expect(validateRecorded(fx.recorded)).toEqual([]);
  });

  it('a raw XML ping has the subsonic-response root with the OpenSubsonic attributes', async () => {
    const res = await fx.raw('ping.view', fx.tokenParams('listener'));
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(rootName(xml)).toBe('subsonic-response');
    expect(elementNames(xml)).toEqual(['subsonic-response']);
    expect(rootAttributes(xml)).toMatchObject({
      xmlns: 'http://subsonic.org/restapi',
      status: 'ok',
      version: '1.16.1',
      type: 'wavelength',
      openSubsonic: 'true',
    });
    expect(typeof rootAttributes(xml).serverVersion).toBe('string');
  });
});
