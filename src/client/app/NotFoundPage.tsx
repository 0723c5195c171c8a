import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { MESSAGES } from '../../contract/messages';
import { Button } from '../ui/Button';

const Wrap = styled.main`
  display: grid;
  place-content: center;
  gap: ${({ theme }) => theme.space(4)};
  min-height: 100vh;
  text-align: center;
  padding: ${({ theme }) => theme.space(6)};
`;

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Wrap>
      <h1>404</h1>
      <p>This page does not exist.</p>
      <div>
        <Button type="button" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
          {MESSAGES.goBack}
        </Button>
      </div>
    </Wrap>
  );
}
