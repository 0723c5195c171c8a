import fc from 'fast-check';
import { redactText, redactUrl } from '../../logging';

/**
 * The log redaction against every way a client can spell a secret parameter's name: each character
 * as itself, in either case, or percent-encoded (upper or lower hex). The server decodes names
 * (URLSearchParams, fast-querystring), so whatever it reads as `p`, `t`, `s`, `apiKey`, `token`,
 * `st`, `access_token` or `refresh_token` must never reach the log with its value.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const SECRET_NAMES = ['p', 't', 's', 'apiKey', 'token', 'st', 'access_token', 'refresh_token'];

const spelledChar = (c: string) =>
  fc.constantFrom(
    c,
    c.toUpperCase(),
    c.toLowerCase(),
    `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    `%${c.toUpperCase().charCodeAt(0).toString(16).toLowerCase()}`,
  );
const spelledName = (name: string) => fc.tuple(...[...name].map(spelledChar)).map((parts) => parts.join(''));
const secretValue = fc.stringMatching(/^[A-Za-z0-9._~-]{12,40}$/).map((v) => `SECRET${v}`);
const harmlessParam = fc
  .tuple(fc.constantFrom('u', 'v', 'c', 'f', 'id', 'pp', 'ts', 'x%2570'), fc.stringMatching(/^[a-z0-9.]{0,12}$/))
  .map(([n, v]) => `${n}=${v}`);

describe('log redaction under fuzzed parameter names', () => {
  it('hides the value of every spelling the server decodes to a secret name, wherever it stands in the query', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SECRET_NAMES).chain(spelledName),
        secretValue,
        fc.array(harmlessParam, { maxLength: 4 }),
        fc.array(harmlessParam, { maxLength: 4 }),
        (name, value, before, after) => {
          const url = `/rest/ping.view?${[...before, `${name}=${value}`, ...after].join('&')}`;
          // the server reads this name as a secret one
          const decoded = [...new URLSearchParams(url.slice(url.indexOf('?') + 1)).keys()].map((k) => k.toLowerCase());
          expect(decoded).toEqual(expect.arrayContaining([expect.stringMatching(/^(p|t|s|apikey|token|st|access_token|refresh_token)$/)]));
          expect(redactUrl(url)).not.toContain(value);
          expect(redactText(`GET ${url} failed`)).not.toContain(value);
          // the other parameters are left as they were
          for (const param of [...before, ...after]) expect(redactUrl(url)).toContain(param);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
