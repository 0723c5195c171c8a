import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { MESSAGES } from '../../contract/messages';
import { Button } from '../ui/Button';
import { CenteredPage } from '../ui/Page';
import { useDocumentTitle } from '../ui/useDocumentTitle';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  a {
    text-decoration: none;
  }
`;

/** docs/product.md §2.2: unknown paths offer Go Back, and Home for a tab that has nowhere to go back to. */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  const navigate = useNavigate();
  return (
    <CenteredPage>
      <h1>404</h1>
      <p>This page does not exist.</p>
      <Actions>
        <Button type="button" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
          {MESSAGES.goBack}
        </Button>
        <Button as={Link} to="/" $variant="secondary">
          Home
        </Button>
      </Actions>
    </CenteredPage>
  );
}
