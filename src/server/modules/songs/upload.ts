import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../contract/messages';
import { UploadFields } from '../../../contract/songs';
import { assertCleanInput } from '../../lib/cleanText';
import { HttpError, parseInput } from '../../lib/httpError';
import { readAudioInfo } from '../../media/probe';
import { EXTENSION_OF, sniffAudioFile, type AudioMime } from '../../media/sniff';
import { uploadTempDir } from '../../media/storage';

export interface StoredUpload {
  title: string;
  artist: string;
  /** file name inside MEDIA_DIR (a generated id) */
  fileName: string;
  filePath: string;
  mimeType: AudioMime;
  sizeBytes: number;
  durationMs: number;
}

/**
 * Reads a multipart upload (song, title, artist) into MEDIA_DIR: the file is streamed to a
 * temporary file (multipart's fileSize limit truncates it at MAX_UPLOAD_MB), its type is decided
 * from its bytes, its duration read from its contents, and only then is it renamed into place.
 * Any failure removes what was written. The caller inserts the row and removes the file if that fails.
 */
export async function receiveUpload(request: FastifyRequest, mediaDir: string): Promise<StoredUpload> {
  if (!request.isMultipart()) throw new HttpError(400, MESSAGES.allFieldsRequired);
  const tmpDir = uploadTempDir(mediaDir);
  await mkdir(tmpDir, { recursive: true });
  const tmpPath = path.join(tmpDir, `${randomUUID()}.part`);
  const fields: Record<string, string> = {};
  let sizeBytes = -1;

  try {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'song' || sizeBytes >= 0) {
            part.file.resume();
            continue;
          }
          let written = 0;
          part.file.on('data', (chunk: Buffer) => (written += chunk.length));
          await pipeline(part.file, createWriteStream(tmpPath, { flags: 'wx' }));
          if (part.file.truncated) throw new HttpError(413, MESSAGES.fileTooLarge);
          sizeBytes = written;
        } else if ((part.fieldname === 'title' || part.fieldname === 'artist') && typeof part.value === 'string') {
          assertCleanInput(part.value);
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      // a broken body or a second file is mapped to its 400 by the errors plugin (multipartErrors.ts)
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MESSAGES.fileTooLarge);
      throw error;
    }

    if (sizeBytes < 0) throw new HttpError(400, MESSAGES.allFieldsRequired);
    const { title, artist } = parseInput(UploadFields, { title: fields.title ?? '', artist: fields.artist ?? '' });

    const mimeType = await sniffAudioFile(tmpPath);
    if (!mimeType) throw new HttpError(415, MESSAGES.invalidFileType);
    let durationMs: number;
    try {
      ({ durationMs } = await readAudioInfo(tmpPath));
    } catch {
      throw new HttpError(415, MESSAGES.invalidFileType);
    }

    const fileName = `${randomUUID()}.${EXTENSION_OF[mimeType]}`;
    const filePath = path.join(mediaDir, fileName);
    await rename(tmpPath, filePath);
    return { title, artist, fileName, filePath, mimeType, sizeBytes, durationMs };
  } finally {
    await rm(tmpPath, { force: true });
  }
}
