import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorMessage, Page, PageTitle } from '../../../ui/Page';
import { SongList, SongRow } from '../../../ui/SongRow';
import { Spinner } from '../../../ui/Spinner';
import { selectUser } from '../../auth';
import { playerActions, selectCurrentTrack, selectPlayingSongId, toPlayerTrack } from '../../player';
import { selectPrivacy } from '../../settings';
import { useGetUserHistoryQuery } from '../../stats';
import { ProfileForm } from '../components/ProfileForm';
import { useGetActivitiesQuery, useGetProfileQuery } from '../profileApi';

const Card = styled.section`
  padding: ${({ theme }) => theme.space(5)};
  margin-bottom: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  h2 { margin: 0 0 ${({ theme }) => theme.space(4)}; font-size: 1.2rem; }
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(6)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  dt { color: ${({ theme }) => theme.color.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
const Status = styled.span`
  color: ${({ theme }) => theme.color.success};
  font-weight: 600;
`;
const Pager = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
`;
const Activities = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  small { color: ${({ theme }) => theme.color.textMuted}; }
`;

const ACTIVITY_VERB = { play: 'Played', like: 'Liked', playlist: 'Created playlist', suggestion: 'Suggested' } as const;
const HISTORY_PAGE = 10;

/** SPEC §2 Profile: who you are, an edit form that saves, and your listening history. */
export default function ProfilePage() {
  const user = useSelector(selectUser);
  const profile = useGetProfileQuery();
  const shown = profile.data?.user ?? user;
  const [editing, setEditing] = useState(false);
  const [page, setPage] = useState(1);
  const history = useGetUserHistoryQuery({ page, limit: HISTORY_PAGE });
  const { showActivity } = useSelector(selectPrivacy);
  const activities = useGetActivitiesQuery(10, { skip: !showActivity });
  const dispatch = useDispatch();
  const playingId = useSelector(selectPlayingSongId);
  const current = useSelector(selectCurrentTrack);
  if (!shown) return null;
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE));

  return (
    <Page>
      <PageTitle>Profile</PageTitle>
      <Card aria-labelledby="profile-account">
        <h2 id="profile-account">Account</h2>
        <Facts>
          <dt>Username</dt>
          <dd data-testid="profile-username">{shown.username}</dd>
          <dt>Email</dt>
          <dd data-testid="profile-email">{shown.email}</dd>
          <dt>Member since</dt>
          <dd>{new Date(shown.createdAt).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })}</dd>
          <dt>Member ID</dt>
          <dd>{shown.id}</dd>
          <dt>Role</dt>
          <dd>{shown.role === 'admin' ? 'Admin' : 'User'}</dd>
          <dt>Status</dt>
          <dd>
            <Status>Active</Status>
          </dd>
          {profile.data ? (
            <>
              <dt>Library</dt>
              <dd>
                {profile.data.counts.likedSongs} liked · {profile.data.counts.playlists} playlists · {profile.data.counts.plays} plays
              </dd>
            </>
          ) : null}
        </Facts>
        {editing ? (
          <ProfileForm onDone={() => setEditing(false)} />
        ) : (
          <Button type="button" $variant="secondary" onClick={() => setEditing(true)}>
            Edit profile
          </Button>
        )}
      </Card>

      <Card aria-labelledby="profile-history">
        <h2 id="profile-history">Listening history</h2>
        {history.isLoading ? (
          <Spinner />
        ) : (history.data?.history.length ?? 0) === 0 ? (
          <EmptyState>Nothing played yet</EmptyState>
        ) : (
          <>
            <SongList aria-label="Listening history">
              {history.data?.history.map((entry) => (
                <SongRow
                  key={entry.id}
                  song={entry.song}
                  meta={new Date(entry.playedAt).toLocaleString()}
                  playing={playingId === entry.song.id}
                  current={current?.id === entry.song.id}
                  onPlay={() => dispatch(playerActions.togglePlayRequested({ track: toPlayerTrack(entry.song), source: 'library' }))}
                />
              ))}
            </SongList>
            <Pager>
              <Button type="button" $size="sm" $variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous page
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button type="button" $size="sm" $variant="secondary" disabled={!history.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
                Next page
              </Button>
            </Pager>
          </>
        )}
      </Card>

      {showActivity ? (
        <Card aria-labelledby="profile-activity">
          <h2 id="profile-activity">Recent activity</h2>
          {activities.isError ? (
            <ErrorMessage>Could not load your activity</ErrorMessage>
          ) : (activities.data?.activities.length ?? 0) === 0 ? (
            <EmptyState>No activity yet</EmptyState>
          ) : (
            <Activities>
              {activities.data?.activities.map((a) => (
                <li key={a.id}>
                  {ACTIVITY_VERB[a.type]} <strong>{a.title}</strong>
                  {a.detail ? <small> · {a.detail}</small> : null} <small>· {new Date(a.at).toLocaleString()}</small>
                </li>
              ))}
            </Activities>
          )}
        </Card>
      ) : null}
    </Page>
  );
}
