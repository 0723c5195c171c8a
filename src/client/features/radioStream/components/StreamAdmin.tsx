import { useState } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import type { RadioStreamListener } from '../../../../contract/radioStream';
import { ErrorMessage } from '../../../ui/Page';
import { toastShown } from '../../../ui/toast/toastSlice';
import { errorText, useGetListenUrlQuery, useGetStreamListenersQuery, useSetStreamPublicMutation } from '../radioStreamApi';
import { CheckRow as Check, MutedNote as Muted, SettingsPart as Part } from '../../../ui/settingsParts';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  li {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    min-width: 0;
  }
  strong,
  span {
    overflow-wrap: anywhere;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
  }
`;

const since = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Admins: whether the stream plays without a listen link. */
function PublicSwitch() {
  const dispatch = useDispatch();
  const link = useGetListenUrlQuery();
  const [setPublic, setting] = useSetStreamPublicMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const change = async (value: boolean) => {
    setProblem(null);
    try {
      await setPublic({ public: value }).unwrap();
      dispatch(toastShown(value ? 'The radio stream is public' : 'The radio stream needs a listen link again', 'success'));
    } catch (error) {
      setProblem(errorText(error, 'Could not change the stream'));
    }
  };
  if (!link.data) return null;
  return (
    <>
      <Check>
        <input type="checkbox" checked={link.data.public} disabled={setting.isLoading} onChange={(e) => change(e.target.checked)} />
        <span>
          Public stream
          <small>{`On, anyone who can reach this server plays the stream at ${link.data.publicUrl}, without a link of their own.`}</small>
        </span>
      </Check>
      {problem ? <ErrorMessage>{problem}</ErrorMessage> : null}
    </>
  );
}

function ListenerRow({ listener }: { listener: RadioStreamListener }) {
  return (
    <li>
      <strong>{listener.user ? listener.user.username : 'Public listener'}</strong>
      <span>{`${listener.client || 'Unknown player'} · since ${since(listener.connectedAt)}`}</span>
    </li>
  );
}

/** every so often while the page is in front: players come and go without telling the page */
const LISTENERS_POLL_MS = 5_000;

/** Admins: who is tuned to the stream now. */
function StreamListeners() {
  const listeners = useGetStreamListenersQuery(undefined, { pollingInterval: LISTENERS_POLL_MS, skipPollingIfUnfocused: true });
  const list = listeners.data?.listeners ?? [];
  return (
    <>
      <h3 id="radio-stream-listeners">Listening to the stream</h3>
      {listeners.isLoading ? (
        <p>Loading…</p>
      ) : listeners.isError ? (
        <ErrorMessage>{errorText(listeners.error, 'Could not read who is listening')}</ErrorMessage>
      ) : list.length === 0 ? (
        <p>No one is listening to the stream.</p>
      ) : (
        <List aria-labelledby="radio-stream-listeners">
          {list.map((listener, i) => (
            <ListenerRow key={`${listener.user?.id ?? 'public'}-${listener.connectedAt}-${i}`} listener={listener} />
          ))}
        </List>
      )}
    </>
  );
}

export function StreamAdmin() {
  return (
    <Part>
      <h3>The stream</h3>
      <Muted>Only admins see this.</Muted>
      <PublicSwitch />
      <StreamListeners />
    </Part>
  );
}
