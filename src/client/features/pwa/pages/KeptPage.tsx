import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { OFFLINE_MESSAGES } from '../../../../contract/offlineMessages';
import { KEPT_MUSIC_LINK, OfflineNotice } from '../../../ui/OfflineNotice';
import { Page, PageTitle } from '../../../ui/Page';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

const Note = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

/**
 * docs/product.md §2.17: the music kept on this device, reachable signed out and offline (part B of
 * issue 30 fills it; until then it says nothing is kept).
 */
export default function KeptPage() {
  useDocumentTitle(KEPT_MUSIC_LINK);
  return (
    <main>
      <OfflineNotice />
      <Page>
        <PageTitle>{KEPT_MUSIC_LINK}</PageTitle>
        <Note>{OFFLINE_MESSAGES.noKeptMusic}</Note>
        <Link to="/">Back to Wavelength</Link>
      </Page>
    </main>
  );
}
