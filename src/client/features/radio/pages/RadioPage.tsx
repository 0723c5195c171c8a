import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import { OFFLINE_MESSAGES } from '../../../../contract/offlineMessages';
import type { RadioQueueTrack } from '../../../../contract/radio';
import { Button } from '../../../ui/Button';
import { PlusIcon, SkipIcon } from '../../../ui/icons';
import { ErrorMessage, Page, PageHeader, PageTitle } from '../../../ui/Page';
import { NeedsNetwork } from '../../../ui/NeedsNetwork';
import { Spinner } from '../../../ui/Spinner';
import { toastShown } from '../../../ui/toast/toastSlice';
import { selectIsAdmin } from '../../../shared/session';
import { isRadioSource, playerActions, selectPlayer } from '../../../shared/player';
import { NowPlayingCard } from '../components/NowPlayingCard';
import { QueueList } from '../components/QueueList';
import { SongSearchDialog } from '../../../shared/songs';
import { useAddRadioTrackMutation, useGetRadioQueueQuery, useRemoveRadioTrackMutation, useToggleRadioMutation } from '../radioApi';
import { radioActions, selectRadio, type RadioState } from '../radioSlice';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;
const Badge = styled.span<{ $tone: 'ok' | 'warn' | 'muted' }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  font-size: 0.85rem;
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${({ theme, $tone }) => ($tone === 'ok' ? theme.color.success : $tone === 'warn' ? theme.color.warning : theme.color.textMuted)};
  }
`;
const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 900px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
    align-items: start;
  }
`;
const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(4)};
`;
const SectionTitle = styled.h2`
  font-size: 1.1rem;
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

const CONNECTION_LABEL = { connected: 'Connected', connecting: 'Connecting…', disconnected: 'Disconnected' } as const;

/** An admin's station controls: start/stop, skip, remove from the queue and add to it, each failure a toast. */
function useStationControls() {
  const dispatch = useDispatch();
  const [toggle, toggleState] = useToggleRadioMutation();
  const [add] = useAddRadioTrackMutation();
  const [remove] = useRemoveRadioTrackMutation();
  const [removingId, setRemovingId] = useState<string | null>(null);
  const fail = (message: string) => dispatch(toastShown(message, 'error'));
  const succeeded = (result: { error?: unknown }) => !result.error;
  return {
    toggling: toggleState.isLoading,
    removingId,
    onToggle: async () => {
      if (!succeeded(await toggle())) fail(MESSAGES.failedToToggleRadio);
    },
    // one skip path with the player bar's: the radio's saga sends it and tells a failure
    onSkip: () => dispatch(playerActions.stationSkipRequested()),
    onAdd: async (songId: string) => {
      const ok = succeeded(await add({ songId }));
      if (!ok) fail(MESSAGES.failedToAddTrackToQueue);
      return ok;
    },
    onRemove: async (track: RadioQueueTrack) => {
      setRemovingId(track.id);
      if (!succeeded(await remove(track.id))) fail(MESSAGES.failedToRemoveTrackFromQueue);
      setRemovingId(null);
    },
  };
}

type StationControls = ReturnType<typeof useStationControls>;

function RadioBadges({ radio }: { radio: RadioState }) {
  return (
    <Badges>
      <Badge $tone={radio.connection === 'connected' ? 'ok' : radio.connection === 'connecting' ? 'warn' : 'muted'} role="status" aria-label="Connection">
        {CONNECTION_LABEL[radio.connection]}
      </Badge>
      <Badge $tone={radio.isRadioActive ? 'ok' : 'muted'} aria-label="Listeners">
        {radio.listeners} {radio.listeners === 1 ? 'listener' : 'listeners'}
      </Badge>
      <Badge $tone={radio.isRadioActive ? 'ok' : 'muted'}>{radio.isRadioActive ? 'On air' : 'Off air'}</Badge>
    </Badges>
  );
}

function AdminControls({ radio, controls, onPick }: { radio: RadioState; controls: StationControls; onPick: () => void }) {
  return (
    <>
      <Button type="button" $variant={radio.isRadioActive ? 'danger' : 'primary'} disabled={controls.toggling} onClick={() => void controls.onToggle()}>
        {radio.isRadioActive ? 'Stop radio' : 'Start radio'}
      </Button>
      <Button type="button" $variant="secondary" disabled={!radio.isRadioActive || radio.skipping} onClick={controls.onSkip}>
        <SkipIcon width={18} height={18} /> Skip
      </Button>
      <Button type="button" $variant="secondary" onClick={onPick}>
        <PlusIcon width={18} height={18} /> Add tracks
      </Button>
    </>
  );
}

/** docs/product.md §2 "Radio": connection status, listeners, now playing, the queue; admins run the station. */
export default function RadioPage() {
  useDocumentTitle('Radio');
  const dispatch = useDispatch();
  // the slice holds the live state: seeded by the snapshot, then kept by the socket
  const radio = useSelector(selectRadio);
  const isAdmin = useSelector(selectIsAdmin);
  const player = useSelector(selectPlayer);
  const snapshot = useGetRadioQueueQuery();
  const controls = useStationControls();
  const [pickerOpen, setPickerOpen] = useState(false);
  // docs/product.md §4.4: with nothing of one's own on, the open radio page tunes in
  useEffect(() => {
    dispatch(radioActions.pageOpened());
    return () => {
      dispatch(radioActions.pageClosed());
    };
  }, [dispatch]);
  const canListenLive = radio.isRadioActive && !!radio.currentTrack && !isRadioSource(player);

  return (
    <Page>
      <PageHeader>
        <PageTitle>Radio</PageTitle>
        <RadioBadges radio={radio} />
      </PageHeader>
      <NeedsNetwork message={OFFLINE_MESSAGES.radioNeedsNetwork} />
      {snapshot.isError && radio.connection !== 'connected' ? <ErrorMessage>{MESSAGES.failedToLoadQueue}</ErrorMessage> : null}
      {snapshot.isLoading && radio.connection !== 'connected' ? <Spinner label="Loading the radio" /> : null}
      <Layout>
        <div>
          <NowPlayingCard track={radio.currentTrack} isRadioActive={radio.isRadioActive} startedAt={radio.startedAt} clockOffsetMs={radio.clockOffsetMs} />
          <Controls>
            {canListenLive ? (
              <Button type="button" onClick={() => dispatch(radioActions.listenRequested())}>
                Listen live
              </Button>
            ) : null}
            {isAdmin ? <AdminControls radio={radio} controls={controls} onPick={() => setPickerOpen(true)} /> : null}
          </Controls>
        </div>
        <section aria-labelledby="radio-queue-title">
          <SectionTitle id="radio-queue-title">Up next</SectionTitle>
          <QueueList queue={radio.queue} canRemove={isAdmin} onRemove={(t) => void controls.onRemove(t)} removingId={controls.removingId} />
        </section>
      </Layout>
      {isAdmin ? (
        <SongSearchDialog
          open={pickerOpen}
          onClose={() => setPickerOpen(false)}
          title="Add to the queue"
          searchLabel="Search songs"
          resultsLabel="Songs"
          onAdd={(song) => controls.onAdd(song.id)}
          addLabel={(song) => `Add ${song.title} to the queue`}
        />
      ) : null}
    </Page>
  );
}
