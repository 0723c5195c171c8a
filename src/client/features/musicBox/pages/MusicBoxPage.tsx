import { OFFLINE_MESSAGES } from '../../../../contract/offlineMessages';
import { NeedsNetwork } from '../../../ui/NeedsNetwork';
import { Page, PageTitle } from '../../../ui/Page';
import { SuggestForm } from '../components/SuggestForm';
import { SuggestionList } from '../components/SuggestionList';
import { SuggestionToolbar } from '../components/SuggestionToolbar';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

/** docs/product.md §2 Music Box: suggest form, search, sort, list with votes, Load More. */
export default function MusicBoxPage() {
  useDocumentTitle('Music Box');
  return (
    <Page>
      <PageTitle>Music Box</PageTitle>
      <NeedsNetwork message={OFFLINE_MESSAGES.musicBoxNeedsNetwork} />
      <SuggestForm />
      <SuggestionToolbar />
      <SuggestionList />
    </Page>
  );
}
