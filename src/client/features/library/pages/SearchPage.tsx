import { Page, PageTitle } from '../../../ui/Page';

// A frame: this page is built in its own issue.
export default function SearchPage() {
  return (
    <Page>
      <PageTitle>Search</PageTitle>
    </Page>
  );
}
