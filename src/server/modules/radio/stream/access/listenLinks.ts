import { RADIO_STREAM_PATH, RADIO_STREAM_TOKEN_PARAM, type RadioListenUrl } from '../../../../../contract/radioStream';
import type { Db } from '../../../../db/open';
import { createListenTokenDeriver, listenTokenHash, newNonce } from './listenTokens';
import { ensureListenToken, isStreamPublic, listenTokenRow, saveListenToken, setStreamPublic, type ListenTokenRow } from './repository';

/** Each user's listen link to the live stream, and the switch that lets it play without one. */
export interface ListenLinks {
  /** the user's link, made on first use */
  linkOf(userId: string, origin: string): Promise<RadioListenUrl>;
  /** a new link for the user; the old one stops working at once */
  renew(userId: string, origin: string): Promise<RadioListenUrl>;
  setPublic(value: boolean): Promise<void>;
}

export function createListenLinks(options: { db: Db; serverSecret: string; now: () => number }): ListenLinks {
  const { db, now } = options;
  const deriver = createListenTokenDeriver(options.serverSecret);

  const freshRow = (nonce = newNonce()): ListenTokenRow => ({ nonce, tokenHash: listenTokenHash(deriver.tokenOf(nonce)) });

  const answer = async (origin: string, nonce: string): Promise<RadioListenUrl> => {
    const publicUrl = `${origin}${RADIO_STREAM_PATH}`;
    const url = `${publicUrl}?${RADIO_STREAM_TOKEN_PARAM}=${encodeURIComponent(deriver.tokenOf(nonce))}`;
    return { url, public: await isStreamPublic(db), publicUrl };
  };

  return {
    async linkOf(userId, origin) {
      const row = (await listenTokenRow(db, userId)) ?? (await ensureListenToken(db, userId, freshRow(), new Date(now())));
      // the server's secret changed (a move to another server without it): the stored hash no longer
      // matches what the nonce derives to, so the link shown from here on is the one that works
      const current = freshRow(row.nonce);
      if (current.tokenHash !== row.tokenHash) await saveListenToken(db, userId, current, new Date(now()));
      return answer(origin, row.nonce);
    },
    async renew(userId, origin) {
      const row = freshRow();
      await saveListenToken(db, userId, row, new Date(now()));
      return answer(origin, row.nonce);
    },
    setPublic: (value) => setStreamPublic(db, value),
  };
}
