import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '../../../contract/messages';
import type { Song } from '../../../contract/songs';
import { UPLOAD_MAX_BYTES_DEFAULT } from '../../../contract/limits';
import type { Services } from '../../services';

const ACCEPTED_TYPES = ['audio/mpeg', 'audio/mp3', 'audio/ogg', 'application/ogg', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'];
const ACCEPTED_NAME = /\.(mp3|ogg|oga|wav)$/i;

export interface UploadInput {
  title: string;
  artist: string;
  file: File | null;
}

/** docs/product.md §5's upload rules, checked in the browser before sending (the server checks the bytes again). */
export function checkUpload(input: UploadInput, maxBytes = UPLOAD_MAX_BYTES_DEFAULT): string | null {
  if (!input.title.trim() || !input.artist.trim() || !input.file) return MESSAGES.allFieldsRequired;
  if (!ACCEPTED_TYPES.includes(input.file.type) && !ACCEPTED_NAME.test(input.file.name)) return MESSAGES.invalidFileType;
  if (input.file.size > maxBytes) return MESSAGES.fileTooLarge;
  return null;
}

/**
 * POST /api/songs/upload as multipart (song, title, artist) through XMLHttpRequest, the one
 * browser API that reports upload progress. Resolves with the new song; rejects with the product's
 * transport messages ('Network error', the answer's message, 'Request failed with status N').
 */
export function sendUpload(services: Services, input: UploadInput, onProgress: (percent: number) => void): Promise<Song> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('title', input.title.trim());
    form.append('artist', input.artist.trim());
    if (input.file) form.append('song', input.file, input.file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${services.apiOrigin}/api/songs/upload`);
    xhr.withCredentials = true;
    const token = services.tokenStore.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener('error', () => reject(new Error(MESSAGES.networkError)));
    xhr.addEventListener('abort', () => reject(new Error(MESSAGES.networkError)));
    xhr.addEventListener('load', () => {
      let body: { success?: boolean; song?: Song; message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.song) {
        onProgress(100);
        resolve(body.song);
      } else {
        reject(new Error(body?.message ?? MESSAGES.requestFailed(xhr.status)));
      }
    });
    xhr.send(form);
  });
}

/** sendUpload as a thunk, so a component reaches the services (token, API origin) through the store. */
export const uploadTrack =
  (input: UploadInput, onProgress: (percent: number) => void): ThunkAction<Promise<Song>, unknown, Services, UnknownAction> =>
  (_dispatch, _getState, services) =>
    sendUpload(services, input, onProgress);
