import fc from 'fast-check';

/** strings that have broken something somewhere: NUL, lone surrogates, huge, number-like, path-like */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ud83c',
  'x'.repeat(100_000),
  'é'.repeat(50_000),
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '0x1f',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '%',
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '\r\n',
  '💿🎧',
  '00000000-0000-0000-0000-000000000000',
];

const char16 = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

export const text: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: char16, maxLength: 40 }),
);

const number: fc.Arbitrary<number> = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, Number.MAX_VALUE, Number.MIN_VALUE, 1e21));

/** any JSON value, nested at most three deep; objects prefer the contract's field names */
export function jsonValue(fieldNames: string[], knownIds: string[]): fc.Arbitrary<unknown> {
  const key = fc.oneof(fc.constantFrom(...fieldNames), text);
  const id = fc.constantFrom(...knownIds);
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      number,
      fc.boolean(),
      fc.constant(null),
      id,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    ),
  }));
  return value;
}

/** a body object: mostly the contract's field names with arbitrary values */
export function jsonObject(fieldNames: string[], knownIds: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), text), jsonValue(fieldNames, knownIds), { maxKeys: 6 });
}

const BROKEN_JSON = [
  '{',
  '{"name":',
  '[1,2',
  '{"a":1}}',
  'nul',
  '"\\ud800"',
  '{"name":"\\u0000"}',
  '\u0000',
  '{"__proto__":{"x":1}}',
  '1e99999',
  '['.repeat(5000),
];

export type BodySpec = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string; payload: string | Buffer };

const BOUNDARY = 'fuzzBoundary';

function multipartBody(fields: [string, string][], file: Buffer | null, fileField: string, close: boolean): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '')}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** sampleFiles: real media (a short WAV, a PNG) so an upload can get as far as the database */
export function body(fieldNames: string[], knownIds: string[], sampleFiles: Buffer[]): fc.Arbitrary<BodySpec> {
  const multipart = fc
    .record({
      fields: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...fieldNames), text), text), { maxLength: 5 }),
      file: fc.option(
        fc.oneof(
          fc.constantFrom(...sampleFiles),
          fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
        ),
      ),
      fileField: fc.constantFrom('song', 'coverImage', 'file'),
      close: fc.boolean(),
      boundary: fc.constantFrom(`; boundary=${BOUNDARY}`, '', '; boundary=', `; boundary=${'b'.repeat(300)}`, `; boundary="${BOUNDARY}"`),
    })
    .map(
      ({ fields, file, fileField, close, boundary }): BodySpec => ({
        kind: 'raw',
        contentType: `multipart/form-data${boundary}`,
        payload: multipartBody(fields, file, fileField, close),
      }),
    );
  return fc.oneof(
    fc.constant<BodySpec>({ kind: 'none' }),
    jsonObject(fieldNames, knownIds).map((value): BodySpec => ({ kind: 'json', value })),
    jsonValue(fieldNames, knownIds).map((value): BodySpec => ({ kind: 'json', value })),
    fc.constantFrom(...BROKEN_JSON).map((payload): BodySpec => ({ kind: 'raw', contentType: 'application/json', payload })),
    text.map((payload): BodySpec => ({ kind: 'raw', contentType: 'application/json', payload })),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
      )
      .chain((contentType) => text.map((payload): BodySpec => ({ kind: 'raw', contentType, payload }))),
    multipart,
  );
}

/** percent-encoding; a lone surrogate (which encodeURIComponent refuses) becomes 'x' */
function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, 'x'));
}

/** a query string: contract field names with arbitrary (possibly repeated) values, or raw junk */
export function queryString(fieldNames: string[]): fc.Arbitrary<string> {
  const pairs = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...fieldNames), text), fc.oneof(text, number.map(String))), { maxLength: 5 })
    .map((entries) => entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));
  const raw = fc.constantFrom(
    'search=a%00b',
    'search=%',
    'limit=%ZZ',
    'cursor=%E0%A4%A',
    'limit[]=1',
    'limit=1&limit=2',
    'a[b][c]=1',
    'search=' + 'x'.repeat(20_000),
  );
  return fc.oneof(pairs, raw);
}

/** a path parameter: a real id, a random uuid, or arbitrary text (percent-encoded, or raw junk) */
export function pathParam(knownIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...knownIds),
    fc.uuid(),
    text.map((value) => encode(value) || 'x'),
    fc.constantFrom('%', '%00', '%ZZ', '%E0%A4%A', '..', '%2e%2e', 'a%2Fb'),
  );
}

/** credentials nobody was given: malformed, unsigned or oversized tokens and cookies */
export const forgedCredentials: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    authorization: fc.constantFrom(
      'Bearer ',
      'Bearer x',
      'Basic YTpi',
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      `Bearer ${'a'.repeat(10_000)}`,
      'Bearer a.b.c',
    ),
    cookie: fc.constantFrom(
      'wl_device=%00',
      'wl_stream=%',
      'wl_device=eyJhbGciOiJub25lIn0.e30.',
      'refreshToken=x; wl_stream=a.b.c',
      `wl_device=${'x'.repeat(5000)}`,
    ),
  },
  { requiredKeys: [] },
);
