import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import type { ScrobbleConnection } from '../../../../contract/scrobble';
import { SCROBBLE_MESSAGES } from '../../../../contract/scrobbleMessages';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { toastShown } from '../../../ui/toast/toastSlice';
import { errorText, useConnectListenBrainzMutation, useDisconnectScrobblingMutation } from '../scrobblingApi';
import { ConnectedAs } from './ConnectedAs';
import { InlineForm, MutedNote as Muted, SettingsPart as Part } from '../../../ui/settingsParts';

/** docs/product.md §2.10: the user's ListenBrainz token, checked by the server before it is kept. */
export function ListenBrainzPart({ connection }: { connection: ScrobbleConnection | undefined }) {
  const dispatch = useDispatch();
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [connect, connecting] = useConnectListenBrainzMutation();
  const [disconnect, disconnecting] = useDisconnectScrobblingMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return setProblem(SCROBBLE_MESSAGES.tokenRequired);
    setProblem(null);
    try {
      await connect({ token: token.trim() }).unwrap();
      setToken('');
      dispatch(toastShown('ListenBrainz connected', 'success'));
    } catch (error) {
      setProblem(errorText(error, SCROBBLE_MESSAGES.listenBrainzUnreachable));
    }
  };
  const remove = async () => {
    try {
      await disconnect('listenbrainz').unwrap();
      dispatch(toastShown('ListenBrainz disconnected', 'success'));
    } catch (error) {
      dispatch(toastShown(errorText(error, 'Could not disconnect ListenBrainz'), 'error'));
    }
  };

  return (
    <Part>
      <h3>ListenBrainz</h3>
      {connection ? (
        <ConnectedAs connection={connection} label="ListenBrainz" busy={disconnecting.isLoading} onDisconnect={remove} />
      ) : (
        <InlineForm onSubmit={submit} noValidate>
          <Muted>Paste the user token from your ListenBrainz settings page (or your Maloja server’s API key, if the admin pointed Wavelength at one).</Muted>
          <TextField
            label="ListenBrainz user token"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            error={problem}
          />
          <Button type="submit" disabled={connecting.isLoading}>
            Connect ListenBrainz
          </Button>
        </InlineForm>
      )}
    </Part>
  );
}
