import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../contract/messages';
import { HttpError } from '../httpError';
import { PooledFileRange } from './pooledFileRange';
import { etagMatches, fileEtag, notModifiedSince, parseRange } from './ranges';

/**
 * Sends a media file the way a static file server does: one byte range (206) or the whole file,
 * 416 for a range beyond the end, ETag/Last-Modified with If-None-Match, If-Modified-Since and
 * If-Range, and nothing but headers for HEAD. The body is streamed from disk in reused 256 KB
 * chunks (pooledFileRange.ts), never buffered whole.
 */
export async function sendMediaFile(request: FastifyRequest, reply: FastifyReply, filePath: string, mimeType: string): Promise<FastifyReply> {
  let info;
  try {
    info = await stat(filePath);
    // stat needs no read permission: a file made unreadable (chmod 000) since the last scan is
    // gone for this request too, not a 500 when the stream opens it
    await access(filePath, constants.R_OK);
  } catch {
    throw new HttpError(404, MESSAGES.notFound);
  }
  if (!info.isFile()) throw new HttpError(404, MESSAGES.notFound);
  const size = info.size;
  const etag = fileEtag(size, info.mtimeMs);
  const headers = request.headers;

  reply.header('accept-ranges', 'bytes');
  reply.header('etag', etag);
  reply.header('last-modified', info.mtime.toUTCString());
  reply.header('cache-control', 'private, max-age=86400');
  reply.header('content-type', mimeType);

  const inm = headers['if-none-match'];
  if (inm !== undefined ? etagMatches(inm, etag) : notModifiedSince(headers['if-modified-since'], info.mtimeMs)) {
    reply.removeHeader('content-type');
    return reply.status(304).send();
  }

  let range = parseRange(headers.range, size);
  const ifRangeHeader = headers['if-range'];
  const ifRange = Array.isArray(ifRangeHeader) ? ifRangeHeader[0] : ifRangeHeader;
  if (range && ifRange) {
    const stillSame = ifRange.startsWith('"') ? ifRange.trim() === etag : notModifiedSince(ifRange, info.mtimeMs);
    if (!stillSame) range = null;
  }
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.status(416).send({ success: false, message: 'Range Not Satisfiable' });
  }

  const start = range ? range.start : 0;
  const end = range ? range.end : size - 1;
  const length = size === 0 ? 0 : end - start + 1;
  reply.header('content-length', String(length));
  if (range) {
    reply.status(206);
    reply.header('content-range', `bytes ${start}-${end}/${size}`);
  }
  if (request.method === 'HEAD' || length === 0) return reply.send();
  return reply.send(new PooledFileRange(filePath, start, end, reply.server.chunkPool));
}
