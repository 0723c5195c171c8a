import styled from 'styled-components';
import { ApiKeys } from './ApiKeys';
import { AppPassword } from './AppPassword';
import { ConnectHelp } from './ConnectHelp';
import { CurrentPassword, useCurrentPassword } from './CurrentPassword';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
`;

/**
 * docs/product.md §2.13, Settings › Subsonic apps: how to connect, the account password that making
 * a credential asks for, the app password and the API keys.
 */
export function SubsonicAccessPanel() {
  const current = useCurrentPassword();
  return (
    <Stack>
      <ConnectHelp />
      <CurrentPassword value={current.value} onChange={current.setValue} error={current.error} />
      <AppPassword confirm={current.gate} />
      <ApiKeys confirm={current.gate} />
    </Stack>
  );
}
