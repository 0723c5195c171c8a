import { Page, PageTitle } from '../../../ui/Page';

// A frame: this page is built in its own issue.
export default function SignupPage() {
  return (
    <Page>
      <PageTitle>Create your account</PageTitle>
    </Page>
  );
}
