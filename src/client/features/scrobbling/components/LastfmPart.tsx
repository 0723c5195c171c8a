import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ScrobbleConnection } from '../../../../contract/scrobble';
import { SCROBBLE_MESSAGES } from '../../../../contract/scrobbleMessages';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/Page';
import { toastShown } from '../../../ui/toast/toastSlice';
import { errorText, useConnectLastfmMutation, useDisconnectScrobblingMutation } from '../scrobblingApi';
import { ConnectedAs } from './ConnectedAs';
import { Buttons, MutedNote as Muted, SettingsPart as Part } from '../../../ui/settingsParts';

/** What the callback's redirect (`/settings?lastfm=<result>`) means. */
const RESULTS: Record<string, string> = {
  invalid: SCROBBLE_MESSAGES.lastfmStateInvalid,
  refused: SCROBBLE_MESSAGES.lastfmRefused,
  unreachable: SCROBBLE_MESSAGES.lastfmUnreachable,
};

/** docs/product.md §2.10: Last.fm's web authorisation, offered when the admin set the API key. */
export function LastfmPart({ connection, result }: { connection: ScrobbleConnection | undefined; result: string | null }) {
  const dispatch = useDispatch();
  const [connect, connecting] = useConnectLastfmMutation();
  const [disconnect, disconnecting] = useDisconnectScrobblingMutation();
  const [problem, setProblem] = useState<string | null>(result ? (RESULTS[result] ?? null) : null);

  const start = async () => {
    try {
      const { url } = await connect().unwrap();
      window.location.assign(url);
    } catch (error) {
      setProblem(errorText(error, SCROBBLE_MESSAGES.lastfmUnreachable));
    }
  };
  const remove = async () => {
    try {
      await disconnect('lastfm').unwrap();
      dispatch(toastShown('Last.fm disconnected', 'success'));
    } catch (error) {
      dispatch(toastShown(errorText(error, 'Could not disconnect Last.fm'), 'error'));
    }
  };

  return (
    <Part>
      <h3>Last.fm</h3>
      {connection ? (
        <ConnectedAs connection={connection} label="Last.fm" busy={disconnecting.isLoading} onDisconnect={remove} />
      ) : (
        <>
          <Muted>Last.fm opens in this tab to ask whether Wavelength may scrobble for you, then brings you back here.</Muted>
          <Buttons>
            <Button type="button" onClick={start} disabled={connecting.isLoading}>
              Connect Last.fm
            </Button>
          </Buttons>
        </>
      )}
      {problem ? <ErrorMessage>{problem}</ErrorMessage> : null}
    </Part>
  );
}
