import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { RecordedResponse } from './subsonicFixture';

/**
 * Validates Subsonic JSON bodies against the OpenSubsonic OpenAPI description kept verbatim in
 * ./openapi (its paths are /rest/<method>; each 200 application/json schema is a
 * `subsonic-response` that is oneOf a method's success shape and the common failure shape).
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SPEC = path.join(HERE, 'openapi', 'openapi.json');
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/i;

type Schema = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Api {
  paths: Record<string, { get?: Operation }>;
  components: { schemas: Record<string, Schema> };
}

let api: Api | undefined;
const compiled = new Map<Schema, ValidateFunction>();

// OpenAPI 3.0 schemas carry keywords JSON Schema does not know (example, externalDocs, deprecated…):
// strict: false ignores them. ajv-formats is not a dependency, so the spec's three formats are registered here.
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addFormat('date-time', { type: 'string', validate: (s: string) => ISO_DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)) });
ajv.addFormat('float', { type: 'number', validate: (n: number) => Number.isFinite(n) });
ajv.addFormat('binary', { type: 'string', validate: () => true });

/** Loads the description, dereferenced by swagger-parser, once; every test file calls this in a beforeAll. */
export async function loadOpenApi(): Promise<void> {
  if (api) return;
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(HERE, 'dereferenceOpenApi.mjs'), SPEC], { maxBuffer: 64 * 1024 * 1024 });
  api = JSON.parse(stdout) as Api;
}

function loaded(): Api {
  if (!api) throw new Error('openApiValidator: call `await loadOpenApi()` first (e.g. in beforeAll)');
  return api;
}

function validatorOf(schema: Schema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** The 200 application/json schema of a method (`getAlbum`, `getAlbum.view`), or why there is none. */
export function responseSchemaOf(method: string): Schema | string {
  const name = method.replace(/^\/?(rest\/)?/, '').replace(/\.view$/, '');
  const item = Object.hasOwn(loaded().paths, `/rest/${name}`) ? loaded().paths[`/rest/${name}`] : undefined;
  if (!item?.get) return `${name}: no such method in the OpenSubsonic description`;
  const schema = item.get.responses?.['200']?.content?.['application/json']?.schema;
  return schema ?? `${name}: the description has no JSON response for this method (a binary one)`;
}

function describe(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const extra =
      e.keyword === 'enum' ? ` ${JSON.stringify(e.params.allowedValues)}` : e.keyword === 'additionalProperties' ? ` '${e.params.additionalProperty}'` : '';
    return `${e.instancePath || '/'} ${e.message}${extra}`;
  });
}

/**
 * When a body fails a oneOf of success and failure shapes, ajv lists the errors of both branches;
 * the branch whose `status` enum the body names is the one whose errors say what is wrong.
 */
function branchErrors(schema: Schema, body: unknown): string[] | undefined {
  const inner = (schema.properties as Record<string, Schema> | undefined)?.['subsonic-response'];
  const branches = inner?.oneOf as Schema[] | undefined;
  const status = (body as { 'subsonic-response'?: { status?: unknown } })['subsonic-response']?.status;
  const branch = branches?.find((b) => statusEnum(b)?.includes(status));
  if (!branch) return undefined;
  const validate = validatorOf(branch);
  validate((body as Record<string, unknown>)['subsonic-response']);
  const errors = describe(validate.errors).map((e) => `/subsonic-response${e === '/' ? '' : e.replace(/^\/ /, ' ')}`);
  return errors.length > 0 ? errors : undefined;
}

/** The `status` enum of a success or failure branch (they nest allOf). */
function statusEnum(schema: Schema): unknown[] | undefined {
  const own = (schema.properties as Record<string, Schema> | undefined)?.status?.enum as unknown[] | undefined;
  if (own) return own;
  for (const part of (schema.allOf as Schema[] | undefined) ?? []) {
    const found = statusEnum(part);
    if (found) return found;
  }
  return undefined;
}

function validateAgainst(schema: Schema, body: unknown, label: string): string[] {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'subsonic-response'))
    return [`${label}: the body is not an object with a 'subsonic-response' member`];
  const validate = validatorOf(schema);
  if (validate(body)) return [];
  return (branchErrors(schema, body) ?? describe(validate.errors)).map((e) => `${label}: ${e}`);
}

/** The errors of `body` as the JSON answer of `method` ([] when it conforms); an unknown method is an error. */
export function validateSubsonicResponse(method: string, body: unknown): string[] {
  const schema = responseSchemaOf(method);
  if (typeof schema === 'string') return [schema];
  return validateAgainst(schema, body, method);
}

/**
 * Every recorded JSON body: HTTP 200, and the method's shape. A method the description has no JSON
 * answer for (unknown, or binary like stream) can only answer an error, checked against the common shape.
 */
export function validateRecorded(recorded: RecordedResponse[]): string[] {
  return recorded.flatMap((r, i) => {
    const label = `#${i} ${r.method}`;
    const errors = r.status === 200 ? [] : [`${label}: HTTP ${r.status} (Subsonic answers 200, errors included)`];
    const schema = responseSchemaOf(r.method);
    if (typeof schema !== 'string') return [...errors, ...validateAgainst(schema, r.body, label)];
    const status = (r.body as { 'subsonic-response'?: { status?: unknown } } | null)?.['subsonic-response']?.status;
    if (status !== 'failed') return [...errors, `${label}: ${schema}, yet it answered JSON status ${JSON.stringify(status)}`];
    return [...errors, ...validateAgainst(loaded().components.schemas.SubsonicResponse, r.body, label)];
  });
}
