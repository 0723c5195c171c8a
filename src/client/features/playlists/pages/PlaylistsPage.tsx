import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../../contract/messages';
import type { PlaylistSummary } from '../../../../contract/playlists';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { PlusIcon } from '../../../ui/icons';
import { ErrorMessage, Page, PageHeader, PageTitle } from '../../../ui/Page';
import { PageSpinner } from '../../../ui/Spinner';
import { DeletePlaylistDialog } from '../components/DeletePlaylistDialog';
import { PlaylistCard, PlaylistGrid } from '../components/PlaylistCard';
import { PlaylistFormDialog } from '../components/PlaylistFormDialog';
import { useGetPlaylistsQuery } from '../playlistsApi';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

/** docs/product.md §2 Playlists; /playlists/create opens the create dialog (a dead link in the first specification, made to work). */
export default function PlaylistsPage() {
  useDocumentTitle('Playlists');
  const { data, isLoading, isError } = useGetPlaylistsQuery();
  const location = useLocation();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<PlaylistSummary | null>(null);
  const [deleting, setDeleting] = useState<PlaylistSummary | null>(null);
  const createRoute = location.pathname.replace(/\/$/, '') === '/playlists/create';
  const playlists = data?.playlists ?? [];

  const closeCreate = () => {
    setCreating(false);
    if (createRoute) navigate('/playlists', { replace: true });
  };

  return (
    <Page>
      <PageHeader>
        <PageTitle>Playlists</PageTitle>
        <Button type="button" onClick={() => setCreating(true)}>
          <PlusIcon width={20} height={20} /> Create playlist
        </Button>
      </PageHeader>
      {isLoading ? (
        <PageSpinner />
      ) : isError ? (
        <ErrorMessage>{MESSAGES.failedToFetchPlaylists}</ErrorMessage>
      ) : playlists.length === 0 ? (
        <EmptyState>{MESSAGES.noPlaylistsYet}</EmptyState>
      ) : (
        <PlaylistGrid>
          {playlists.map((p) => (
            <PlaylistCard key={p.id} playlist={p} onEdit={setEditing} onDelete={setDeleting} />
          ))}
        </PlaylistGrid>
      )}
      <PlaylistFormDialog open={creating || createRoute} onClose={closeCreate} />
      <PlaylistFormDialog open={Boolean(editing)} playlist={editing} onClose={() => setEditing(null)} />
      <DeletePlaylistDialog playlist={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}
