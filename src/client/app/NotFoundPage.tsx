import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../contract/messages';
import { Button } from '../ui/Button';
import { CenteredPage } from '../ui/Page';
import { useDocumentTitle } from '../ui/useDocumentTitle';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  const navigate = useNavigate();
  return (
    <CenteredPage>
      <h1>404</h1>
      <p>This page does not exist.</p>
      <div>
        <Button type="button" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
          {MESSAGES.goBack}
        </Button>
      </div>
    </CenteredPage>
  );
}
