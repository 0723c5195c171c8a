import { Page, PageTitle } from '../../../ui/Page';

// A frame: this page is built in its own issue.
export default function LikedPage() {
  return (
    <Page>
      <PageTitle>Liked Songs</PageTitle>
    </Page>
  );
}
