import { MESSAGES } from '../../../../../contract/messages';
import { RADIO_STREAM_TOKEN_PARAM } from '../../../../../contract/radioStream';
import type { Db } from '../../../../db/open';
import { HttpError } from '../../../../lib/httpError';
import type { AuthorizeListener } from '../listenerIdentity';
import { listenTokenHash } from './listenTokens';
import { isStreamPublic, userOfTokenHash } from './repository';

/** What tokenOf (listenTokens.ts) makes: an HMAC-SHA256 in base64url. Anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Who may open the live stream: `?listen=<token>` is that token's user; without a token that works,
 * anyone while the stream is public (a speaker with a replaced link keeps playing then), else 401.
 * Give it app.db: `createAuthorizeListener(app.db)`.
 */
export function createAuthorizeListener(db: Db): AuthorizeListener {
  return async (request) => {
    const raw = (request.query as Record<string, unknown> | undefined)?.[RADIO_STREAM_TOKEN_PARAM];
    const token = typeof raw === 'string' ? raw : undefined;
    if (token !== undefined && TOKEN_SHAPE.test(token)) {
      const user = await userOfTokenHash(db, listenTokenHash(token));
      if (user) return { user };
    }
    if (await isStreamPublic(db)) return { user: null };
    throw new HttpError(401, raw === undefined ? MESSAGES.radioStreamNeedsListenLink : MESSAGES.radioListenLinkInvalid);
  };
}
