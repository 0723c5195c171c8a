import { Page, PageTitle } from '../../../ui/Page';

// A frame: this page is built in its own issue.
export default function SettingsPage() {
  return (
    <Page>
      <PageTitle>Settings</PageTitle>
    </Page>
  );
}
