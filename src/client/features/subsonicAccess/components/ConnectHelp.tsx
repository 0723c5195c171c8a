import { useSelector } from 'react-redux';
import styled from 'styled-components';
import { selectUser } from '../../../shared/session';
import { Mono, Part } from './styles';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    min-width: 0;
  }
`;

/** What to type into a Subsonic app: this server's address and the user's name. */
export function ConnectHelp() {
  const user = useSelector(selectUser);
  return (
    <Part>
      <p>Listen from phone and desktop apps that speak Subsonic, such as Symfonium, DSub or Feishin. In the app, add a server with:</p>
      <Facts>
        <dt>Server</dt>
        <dd>
          <Mono>{window.location.origin}</Mono>
        </dd>
        <dt>Username</dt>
        <dd>
          <Mono>{user?.username ?? ''}</Mono>
        </dd>
      </Facts>
      <p>For the password, use the app password below, or an API key if your app supports OpenSubsonic API keys.</p>
    </Part>
  );
}
