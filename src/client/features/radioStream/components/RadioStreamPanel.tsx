import { useSelector } from 'react-redux';
import styled from 'styled-components';
import { selectIsAdmin } from '../../../shared/session';
import { ListenLink } from './ListenLink';
import { StreamAdmin } from './StreamAdmin';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
`;

/** Settings › Radio: the user's listen link to the live stream; for admins the public switch and who listens. */
export function RadioStreamPanel() {
  const isAdmin = useSelector(selectIsAdmin);
  return (
    <Stack>
      <ListenLink />
      {isAdmin ? <StreamAdmin /> : null}
    </Stack>
  );
}
