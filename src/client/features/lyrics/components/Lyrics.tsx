import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import type { LyricsTrack } from '../../../../contract/lyrics';
import { playerActions, selectCurrentTrack, selectIsRadioSource, selectPlayer } from '../../../shared/player';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { PageSpinner } from '../../../ui/Spinner';
import { languageLabels } from '../languages';
import { useGetSongLyricsQuery } from '../lyricsApi';
import { LYRICS_TEXT } from '../lyricsText';
import { PlainLines, SyncedLines } from './LyricsLines';

const Column = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-height: 0;
`;
const Choice = styled.label`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.textMuted};
  select {
    min-height: 36px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
  }
`;
const Failure = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.danger};
    text-align: center;
  }
`;

/** The sets of one song: a language choice when there is more than one, then the chosen set's lines. */
function LyricsSets({ sets }: { sets: LyricsTrack[] }) {
  const dispatch = useDispatch();
  const { currentTime } = useSelector(selectPlayer);
  const radio = useSelector(selectIsRadioSource);
  const [chosen, setChosen] = useState(0);
  const track = sets[Math.min(chosen, sets.length - 1)];
  const labels = languageLabels(sets);
  return (
    <Column>
      {sets.length > 1 ? (
        <Choice>
          {LYRICS_TEXT.language}
          <select value={chosen} onChange={(e) => setChosen(Number(e.target.value))}>
            {labels.map((label, index) => (
              <option key={index} value={index}>
                {label}
              </option>
            ))}
          </select>
        </Choice>
      ) : null}
      {track.synced ? (
        <SyncedLines track={track} nowMs={currentTime * 1000} seekable={!radio} onSeek={(seconds) => dispatch(playerActions.seekRequested({ seconds }))} />
      ) : (
        <PlainLines track={track} />
      )}
    </Column>
  );
}

/** The server's message of a failed call (the transport puts it on every error), after the view's own. */
const failureText = (error: unknown) => {
  const message = (error as { message?: string } | undefined)?.message;
  return message ? `${LYRICS_TEXT.loadFailed}: ${message}` : LYRICS_TEXT.loadFailed;
};

/** docs/product.md §2.15: the lyrics of the player's current track (the station's in radio mode), following it. */
export function Lyrics() {
  const songId = useSelector(selectCurrentTrack)?.id;
  // currentData, not data: another song's lyrics never show while this one's load
  const { currentData, isFetching, isError, error, refetch } = useGetSongLyricsQuery(songId ?? skipToken);
  if (!songId) return <EmptyState>{LYRICS_TEXT.nothingPlaying}</EmptyState>;
  if (isError && !isFetching)
    return (
      <Failure role="alert">
        <p>{failureText(error)}</p>
        <Button type="button" $variant="secondary" onClick={() => refetch()}>
          {LYRICS_TEXT.retry}
        </Button>
      </Failure>
    );
  if (!currentData) return <PageSpinner label={LYRICS_TEXT.loading} />;
  if (currentData.lyrics.length === 0) return <EmptyState>{LYRICS_TEXT.noLyrics}</EmptyState>;
  // a new song starts on its own first set
  return <LyricsSets key={songId} sets={currentData.lyrics} />;
}
