import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../contract/messages';
import { UploadFields } from '../../../contract/songs';
import { assertCleanInput } from '../../lib/cleanText';
import { HttpError, parseInput } from '../../lib/httpError';
import { playabilityOf, type Playability } from '../scan/playability';
import { readTags } from '../scan/readTags';
import { fileLooksLikeAudio } from '../scan/sniffAudio';
import type { ReadTrack } from '../scan/types';
import { uploadTempDir } from '../mediaDir';
import { pendingUploadPath, uploadPartPath } from './uploadFiles';
import { uploadExtension, uploadTags } from './uploadTags';

export interface StoredUpload {
  /** the file, still in MEDIA_DIR/tmp (relPath: the name it takes in MEDIA_DIR), and its tags, as the scanner's pipeline takes them */
  track: ReadTrack;
  /** where saveUpload moves the file once its row is committed */
  finalPath: string;
  playability: Playability;
}

export interface UploadLimits {
  mediaDir: string;
  maxUploadBytes: number;
  hasFfmpeg: boolean;
}

interface ReceivedParts {
  sizeBytes: number;
  uploadedName?: string;
  fields: Record<string, string>;
}

/**
 * Reads a multipart upload (song; optional title and artist) into MEDIA_DIR: the file is streamed
 * to a temporary file (multipart's fileSize limit truncates it at MAX_UPLOAD_MB), recognised by its
 * bytes and read by the scanner's readTags, then renamed to its pending name (uploadFiles.ts). Any
 * failure removes what was written. The caller writes the row, then moves the file into MEDIA_DIR
 * (saveUpload.ts): a server killed in between leaves no audio file without a row.
 */
export async function receiveUpload(request: FastifyRequest, limits: UploadLimits): Promise<StoredUpload> {
  if (!request.isMultipart()) throw new HttpError(400, MESSAGES.allFieldsRequired);
  const tmpDir = uploadTempDir(limits.mediaDir);
  await mkdir(tmpDir, { recursive: true });
  const tmpPath = uploadPartPath(tmpDir);
  try {
    const parts = await receiveParts(request, tmpPath, limits.maxUploadBytes);
    if (parts.sizeBytes < 0) throw new HttpError(400, MESSAGES.allFieldsRequired);
    const overrides = parseInput(UploadFields, parts.fields);
    const { tags, playability } = await inspect(tmpPath, limits.hasFfmpeg);

    const fileName = `${randomUUID()}.${uploadExtension(playability)}`;
    const pending = pendingUploadPath(tmpDir, fileName);
    await rename(tmpPath, pending);
    const { mtimeMs } = await stat(pending);
    const file = { path: pending, root: limits.mediaDir, relPath: fileName, size: parts.sizeBytes, mtimeMs: Math.floor(mtimeMs) };
    return { track: { file, tags: uploadTags(tags, overrides, tmpPath, parts.uploadedName) }, playability, finalPath: path.join(limits.mediaDir, fileName) };
  } finally {
    await rm(tmpPath, { force: true });
  }
}

async function receiveParts(request: FastifyRequest, tmpPath: string, maxUploadBytes: number): Promise<ReceivedParts> {
  const received: ReceivedParts = { sizeBytes: -1, fields: {} };
  const tooLarge = () => new HttpError(413, MESSAGES.fileTooLargeMax(Math.round((maxUploadBytes / 1024 / 1024) * 100) / 100));
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'song' || received.sizeBytes >= 0) {
          part.file.resume();
          continue;
        }
        let written = 0;
        part.file.on('data', (chunk: Buffer) => (written += chunk.length));
        await pipeline(part.file, createWriteStream(tmpPath, { flags: 'wx' }));
        if (part.file.truncated) throw tooLarge();
        received.sizeBytes = written;
        received.uploadedName = part.filename;
      } else if ((part.fieldname === 'title' || part.fieldname === 'artist') && typeof part.value === 'string') {
        assertCleanInput(part.value);
        received.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // a broken body or a second file is mapped to its 400 by the errors plugin (multipartErrors.ts)
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  return received;
}

/** The format by content and the tags, exactly as a scan reads a file (library/scan). */
async function inspect(tmpPath: string, hasFfmpeg: boolean) {
  if (!(await fileLooksLikeAudio(tmpPath))) throw new HttpError(415, MESSAGES.invalidFileType);
  let tags;
  try {
    tags = await readTags(tmpPath);
  } catch {
    throw new HttpError(415, MESSAGES.invalidFileType);
  }
  const playability = playabilityOf(tags.container, tags.codec, hasFfmpeg);
  if (!playability) throw new HttpError(415, MESSAGES.invalidFileType);
  return { tags, playability };
}
