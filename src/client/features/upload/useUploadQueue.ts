import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { Song } from '../../../contract/songs';
import { songsApi } from '../../api/songsApi';
import type { Services } from '../../services';
import { toastShown } from '../../ui/toast/toastSlice';
import { checkUpload, uploadTrack } from './uploadTrack';

export interface TagOverrides {
  title?: string;
  artist?: string;
}

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  id: number;
  file: File;
  status: UploadStatus;
  progress: number;
  /** the server's or the browser's message for a failed file */
  error: string | null;
  song: Song | null;
}

/** Files sent at once: two keep the link busy while one waits for the server to read its tags. */
export const UPLOAD_CONCURRENCY = 2;

let nextId = 1;

/** The list with its waiting files over `maxBytes` refused (the same list when none is). */
function refuseOverLimit(list: UploadItem[], maxBytes: number): UploadItem[] {
  if (!list.some((i) => i.status === 'waiting' && checkUpload(i.file, maxBytes))) return list;
  return list.map((item) => {
    const error = item.status === 'waiting' ? checkUpload(item.file, maxBytes) : null;
    return error ? { ...item, status: 'failed', error } : item;
  });
}

/**
 * The dialog's list of files and their uploads, one HTTP request per file (its own progress, its
 * own error), at most UPLOAD_CONCURRENCY at a time. When the last one ends, the song lists are
 * refetched (RTK Query tag 'Song'). Files are checked against `maxBytes`, the server's limit.
 */
export function useUploadQueue(onUploaded: ((song: Song) => void) | undefined, maxBytes: number) {
  const dispatch = useDispatch<ThunkDispatch<unknown, Services, UnknownAction>>();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [started, setStarted] = useState(false);
  const running = useRef(new Set<number>());
  /** title/artist typed in the dialog: they override the tags of a lone file only */
  const overrides = useRef<TagOverrides>({});
  const update = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const send = useCallback(
    async (item: UploadItem) => {
      running.current.add(item.id);
      update(item.id, { status: 'uploading', progress: 0 });
      try {
        const song = await dispatch(uploadTrack({ file: item.file, ...overrides.current }, (progress) => update(item.id, { progress })));
        update(item.id, { status: 'done', progress: 100, song });
        onUploaded?.(song);
      } catch (failure) {
        update(item.id, { status: 'failed', error: (failure as Error).message });
      } finally {
        running.current.delete(item.id);
      }
    },
    [dispatch, onUploaded, update],
  );

  const busy = items.some((i) => i.status === 'uploading' || (started && i.status === 'waiting'));
  useEffect(() => {
    if (!started) return;
    const free = UPLOAD_CONCURRENCY - running.current.size;
    const next = items.filter((i) => i.status === 'waiting' && !running.current.has(i.id)).slice(0, Math.max(0, free));
    for (const item of next) void send(item);
  }, [items, send, started]);

  // the server's limit arrived after files were listed: those over it are refused before sending
  useEffect(() => setItems((list) => refuseOverLimit(list, maxBytes)), [maxBytes]);

  const finished = started && !busy;
  const added = items.filter((i) => i.status === 'done').length;
  useEffect(() => {
    if (!finished || added === 0) return;
    dispatch(songsApi.util.invalidateTags(['Song']));
    dispatch(toastShown(added === 1 ? 'Added 1 track' : `Added ${added} tracks`, 'success'));
  }, [finished, added, dispatch]);

  const addFiles = (files: File[]) => {
    const fresh = files.map((file): UploadItem => {
      const error = checkUpload(file, maxBytes);
      return { id: nextId++, file, status: error ? 'failed' : 'waiting', progress: 0, error, song: null };
    });
    setStarted(false);
    setItems((list) => [...list.filter((i) => i.status !== 'done'), ...fresh]);
  };
  /** the files this start sends: those listed as refused are not among them */
  const toSend = items.filter((i) => i.status === 'waiting').length;
  const start = (typed: TagOverrides) => {
    overrides.current = toSend === 1 ? typed : {};
    setStarted(true);
  };
  const reset = () => {
    setItems([]);
    setStarted(false);
  };
  return { items, addFiles, start, reset, busy, finished, toSend };
}
