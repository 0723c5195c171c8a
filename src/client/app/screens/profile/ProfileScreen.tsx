import { useState } from 'react';
import { useSelector } from 'react-redux';
import styled from 'styled-components';
import type { PublicUser } from '../../../../contract/auth';
import { ProfileForm, useGetActivitiesQuery, useGetProfileQuery } from '../../../features/profile';
import { useGetUserHistoryQuery } from '../../../features/stats';
import { selectUser } from '../../../shared/session';
import { selectPrivacy } from '../../../shared/settings';
import { PlayableSongList } from '../../../shared/songs';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorMessage, Page, PageTitle } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

const Card = styled.section`
  padding: ${({ theme }) => theme.space(5)};
  margin-bottom: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    font-size: 1.2rem;
  }
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(6)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
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
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const ACTIVITY_VERB = { play: 'Played', like: 'Liked', playlist: 'Created playlist', suggestion: 'Suggested' } as const;
const HISTORY_PAGE = 10;

function AccountCard({ shown }: { shown: PublicUser }) {
  const profile = useGetProfileQuery();
  const [editing, setEditing] = useState(false);
  const counts = profile.data?.counts;
  return (
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
        {counts ? (
          <>
            <dt>Library</dt>
            <dd>
              {counts.likedSongs} liked · {counts.playlists} playlists · {counts.plays} plays
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
  );
}

function HistoryCard() {
  const [page, setPage] = useState(1);
  const history = useGetUserHistoryQuery({ page, limit: HISTORY_PAGE });
  const entries = history.data?.history ?? [];
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE));
  return (
    <Card aria-labelledby="profile-history">
      <h2 id="profile-history">Listening history</h2>
      {history.isLoading ? (
        <Spinner />
      ) : entries.length === 0 ? (
        <EmptyState>Nothing played yet</EmptyState>
      ) : (
        <>
          <PlayableSongList
            songs={entries.map((entry) => entry.song)}
            source="library"
            aria-label="Listening history"
            keyOf={(_song, index) => String(entries[index].id)}
            metaOf={(_song, index) => new Date(entries[index].playedAt).toLocaleString()}
            actionsOf={() => null}
          />
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
  );
}

function ActivityCard() {
  const activities = useGetActivitiesQuery(10);
  const list = activities.data?.activities ?? [];
  return (
    <Card aria-labelledby="profile-activity">
      <h2 id="profile-activity">Recent activity</h2>
      {activities.isError ? (
        <ErrorMessage>Could not load your activity</ErrorMessage>
      ) : list.length === 0 ? (
        <EmptyState>No activity yet</EmptyState>
      ) : (
        <Activities>
          {list.map((a) => (
            <li key={a.id}>
              {ACTIVITY_VERB[a.type]} <strong>{a.title}</strong>
              {a.detail ? <small> · {a.detail}</small> : null} <small>· {new Date(a.at).toLocaleString()}</small>
            </li>
          ))}
        </Activities>
      )}
    </Card>
  );
}

/** docs/product.md §2 Profile: who you are, an edit form that saves, and your listening history. */
export default function ProfileScreen() {
  useDocumentTitle('Profile');
  const user = useSelector(selectUser);
  const profile = useGetProfileQuery();
  const { showActivity } = useSelector(selectPrivacy);
  const shown = profile.data?.user ?? user;
  if (!shown) return null;
  return (
    <Page>
      <PageTitle>Profile</PageTitle>
      <AccountCard shown={shown} />
      <HistoryCard />
      {showActivity ? <ActivityCard /> : null}
    </Page>
  );
}
