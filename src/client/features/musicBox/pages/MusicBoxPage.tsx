import { Page, PageTitle } from '../../../ui/Page';

// A frame: this page is built in its own issue.
export default function MusicBoxPage() {
  return (
    <Page>
      <PageTitle>Music Box</PageTitle>
    </Page>
  );
}
