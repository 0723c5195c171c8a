import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '../../../contract/messages';
import type { Song } from '../../../contract/songs';
import { UPLOAD_MAX_BYTES_DEFAULT } from '../../../contract/limits';
import type { Services } from '../../services';
import type { UploadRequest } from '../../services/uploadService';

/** What the file picker offers; the server decides by the bytes (docs/product.md §5.4). */
export const UPLOAD_ACCEPT = '.mp3,.flac,.ogg,.oga,.opus,.m4a,.mp4,.wav,.aif,.aiff,audio/*';
const ACCEPTED_NAME = /\.(mp3|flac|ogg|oga|opus|m4a|mp4|wav|aif|aiff|aifc)$/i;

/** A byte limit in MB as the server words it (MAX_UPLOAD_MB may be fractional: 7.5). */
export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/**
 * docs/product.md §5.4's rules for one file, checked in the browser before sending: a file, an
 * audio type or name, at most the size limit (the server's MAX_UPLOAD_MB, from GET /api/songs/upload).
 * The server checks the bytes again.
 */
export function checkUpload(file: File | null, maxBytes = UPLOAD_MAX_BYTES_DEFAULT): string | null {
  if (!file) return MESSAGES.allFieldsRequired;
  if (!file.type.startsWith('audio/') && !ACCEPTED_NAME.test(file.name)) return MESSAGES.invalidFileType;
  if (file.size > maxBytes) return MESSAGES.fileTooLargeMax(megabytes(maxBytes));
  return null;
}

/** One upload through the services' upload service, so a component reaches it through the store (and tests fake it). */
export const uploadTrack =
  (request: UploadRequest, onProgress: (percent: number) => void): ThunkAction<Promise<Song>, unknown, Services, UnknownAction> =>
  (_dispatch, _getState, services) =>
    services.upload.send(request, onProgress);
