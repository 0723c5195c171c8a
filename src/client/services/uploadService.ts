import { MESSAGES } from '../../contract/messages';
import type { Song } from '../../contract/songs';
import type { TokenStore } from './tokenStore';

/** One file to upload; title and artist override its tags when given. */
export interface UploadRequest {
  file: File;
  title?: string;
  artist?: string;
}

/** Sends one audio file to POST /api/songs/upload, reporting its progress (0-100). */
export interface UploadService {
  send(request: UploadRequest, onProgress: (percent: number) => void): Promise<Song>;
}

/**
 * The browser's upload service: XMLHttpRequest, the one browser API that reports upload progress.
 * Resolves with the new song; rejects with the product's transport messages ('Network error', the
 * answer's message, 'Request failed with status N').
 */
export function createXhrUploadService(deps: { apiOrigin: string; tokenStore: TokenStore }): UploadService {
  return {
    send: (request, onProgress) =>
      new Promise((resolve, reject) => {
        const form = new FormData();
        if (request.title?.trim()) form.append('title', request.title.trim());
        if (request.artist?.trim()) form.append('artist', request.artist.trim());
        form.append('song', request.file, request.file.name);
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${deps.apiOrigin}/api/songs/upload`);
        xhr.withCredentials = true;
        const token = deps.tokenStore.get();
        if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
        xhr.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
        });
        xhr.addEventListener('error', () => reject(new Error(MESSAGES.networkError)));
        xhr.addEventListener('abort', () => reject(new Error(MESSAGES.networkError)));
        xhr.addEventListener('load', () => {
          const body = parseBody(xhr.responseText);
          if (xhr.status >= 200 && xhr.status < 300 && body?.song) {
            onProgress(100);
            resolve(body.song);
          } else {
            reject(new Error(body?.message ?? MESSAGES.requestFailed(xhr.status)));
          }
        });
        xhr.send(form);
      }),
  };
}

function parseBody(text: string): { song?: Song; message?: string } | null {
  try {
    return JSON.parse(text) as { song?: Song; message?: string };
  } catch {
    return null;
  }
}
