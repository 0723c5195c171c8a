import { Page, PageTitle } from '../../../ui/Page';

// A frame: this page is built in its own issue.
export default function ResetPasswordPage() {
  return (
    <Page>
      <PageTitle>Choose a new password</PageTitle>
    </Page>
  );
}
