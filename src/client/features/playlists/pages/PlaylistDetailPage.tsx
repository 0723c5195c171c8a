import { Page, PageTitle } from '../../../ui/Page';

// A frame: this page is built in its own issue.
export default function PlaylistDetailPage() {
  return (
    <Page>
      <PageTitle>Playlist</PageTitle>
    </Page>
  );
}
