import type { SagaIterator } from 'redux-saga';
import { putResolve } from 'redux-saga/effects';
import type { BookmarkResponse } from '../../../contract/bookmarks';
import { baseApi } from '../../api/baseApi';

/** The signed-in user's bookmarks of long tracks (docs/product.md §4.4 and §7.9). */
export const bookmarkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBookmark: build.query<BookmarkResponse, string>({
      query: (songId) => `/bookmarks/${songId}`,
    }),
    saveBookmark: build.mutation<BookmarkResponse, { songId: string; positionMs: number }>({
      query: ({ songId, positionMs }) => ({ url: `/bookmarks/${songId}`, method: 'PUT', body: { positionMs } }),
    }),
    deleteBookmark: build.mutation<{ success: true }, string>({
      query: (songId) => ({ url: `/bookmarks/${songId}`, method: 'DELETE' }),
    }),
  }),
});

/*
 * The sagas' three requests, each called with call() (the tests give their own answers). A failed
 * one is dropped: a bookmark never gets in the way of playback.
 */

/** The user's bookmark of the song in seconds, or null (none, or the request failed). */
export function* fetchBookmark(songId: string): SagaIterator<number | null> {
  const result: { data?: BookmarkResponse } = yield putResolve(
    bookmarkApi.endpoints.getBookmark.initiate(songId, { subscribe: false, forceRefetch: true }) as never,
  );
  const positionMs = result.data?.bookmark?.positionMs;
  return positionMs === undefined ? null : positionMs / 1000;
}

/** Saves the position; true once the server has it. */
export function* storeBookmark(songId: string, positionMs: number): SagaIterator<boolean> {
  const result: { error?: unknown } = yield putResolve(bookmarkApi.endpoints.saveBookmark.initiate({ songId, positionMs }, { track: false }) as never);
  return !result.error;
}

/** Deletes the bookmark; true once the server has. */
export function* dropBookmark(songId: string): SagaIterator<boolean> {
  const result: { error?: unknown } = yield putResolve(bookmarkApi.endpoints.deleteBookmark.initiate(songId, { track: false }) as never);
  return !result.error;
}
