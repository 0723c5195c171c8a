import { MESSAGES } from '../../contract/messages';
import { HttpError } from './httpError';

const CODE_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: MESSAGES.oneFilePerUpload,
  FST_PARTS_LIMIT: MESSAGES.tooManyFormFields,
  FST_FIELDS_LIMIT: MESSAGES.tooManyFormFields,
  FST_INVALID_MULTIPART_CONTENT_TYPE: MESSAGES.malformedMultipart,
  FST_MP_PREMATURE_CLOSE: MESSAGES.malformedMultipart,
};

/**
 * busboy reports a broken body with plain Errors that carry no code or status (a missing or
 * over-long boundary, a body or part that ends early), so they are recognised by their text.
 */
const BUSBOY_MESSAGES = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot/,
  /^Unexpected end of (form|multipart data)$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Malformed part header$/,
];

/** The 400 a broken or over-full multipart body deserves, or null for any other error. */
export function multipartHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError || !(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code in CODE_MESSAGES) return new HttpError(400, CODE_MESSAGES[code]);
  if (code === undefined && BUSBOY_MESSAGES.some((pattern) => pattern.test(error.message))) {
    return new HttpError(400, MESSAGES.malformedMultipart);
  }
  return null;
}
