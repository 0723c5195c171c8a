import { Page, PageTitle } from '../../../ui/Page';

// A frame: this page is built in its own issue.
export default function ProfilePage() {
  return (
    <Page>
      <PageTitle>Profile</PageTitle>
    </Page>
  );
}
