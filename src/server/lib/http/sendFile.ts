import { close, constants, fstatSync, open } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../contract/messages';
import { HttpError } from '../httpError';
import { PooledFileRange } from './pooledFileRange';
import { etagMatches, fileEtag, notModifiedSince, parseRange } from './ranges';

/** O_NONBLOCK: a FIFO put where a song was must not hold a thread of the pool until a writer comes (no effect on files) */
const openForReading = (filePath: string) =>
  new Promise<number>((resolve, reject) => open(filePath, constants.O_RDONLY | constants.O_NONBLOCK, (error, fd) => (error ? reject(error) : resolve(fd))));
/**
 * fstat of a descriptor just opened, on the event loop: it reads the inode open() has just loaded
 * (on NFS too, whose open revalidates the attributes: close-to-open), so it does not wait for the
 * disk, and a trip to the thread pool costs the first byte more than the call does.
 */
const statOf = (fd: number) => {
  try {
    return fstatSync(fd);
  } catch {
    return null;
  }
};

/**
 * Sends a media file the way a static file server does: one byte range (206) or the whole file,
 * 416 for a range beyond the end, ETag/Last-Modified with If-None-Match, If-Modified-Since and
 * If-Range, and nothing but headers for HEAD. The body is streamed from disk in reused 256 KB
 * chunks (pooledFileRange.ts), never buffered whole.
 */
export async function sendMediaFile(request: FastifyRequest, reply: FastifyReply, filePath: string, mimeType: string): Promise<FastifyReply> {
  // opened first, then asked its size: a file made unreadable (chmod 000) since the last scan is
  // gone for this request too (404), and the range is read from this very descriptor; one trip to
  // the thread pool before the first read where stat + access + open took three (bench/notes.md,
  // "stream: ranges")
  let fd: number;
  try {
    fd = await openForReading(filePath);
  } catch {
    throw new HttpError(404, MESSAGES.notFound);
  }
  let handedOver = false;
  try {
    return await sendOpened(request, reply, fd, mimeType, () => (handedOver = true));
  } finally {
    if (!handedOver) close(fd, () => undefined);
  }
}

async function sendOpened(request: FastifyRequest, reply: FastifyReply, fd: number, mimeType: string, handOver: () => void): Promise<FastifyReply> {
  const info = statOf(fd);
  if (!info?.isFile()) throw new HttpError(404, MESSAGES.notFound);
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
  handOver();
  return reply.send(new PooledFileRange({ fd }, start, end, reply.server.chunkPool));
}
