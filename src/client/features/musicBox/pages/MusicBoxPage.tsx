import { Page, PageTitle } from '../../../ui/Page';
import { SuggestForm } from '../components/SuggestForm';
import { SuggestionList } from '../components/SuggestionList';
import { SuggestionToolbar } from '../components/SuggestionToolbar';

/** docs/product.md §2 Music Box: suggest form, search, sort, list with votes, Load More. */
export default function MusicBoxPage() {
  return (
    <Page>
      <PageTitle>Music Box</PageTitle>
      <SuggestForm />
      <SuggestionToolbar />
      <SuggestionList />
    </Page>
  );
}
