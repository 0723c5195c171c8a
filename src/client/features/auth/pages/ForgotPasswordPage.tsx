import { Page, PageTitle } from '../../../ui/Page';

// A frame: this page is built in its own issue.
export default function ForgotPasswordPage() {
  return (
    <Page>
      <PageTitle>Reset your password</PageTitle>
    </Page>
  );
}
