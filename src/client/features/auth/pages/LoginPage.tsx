import { Page, PageTitle } from '../../../ui/Page';

// A frame: this page is built in its own issue.
export default function LoginPage() {
  return (
    <Page>
      <PageTitle>Sign in</PageTitle>
    </Page>
  );
}
