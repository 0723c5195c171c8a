import styled from 'styled-components';
import { ApiKeys } from './ApiKeys';
import { AppPassword } from './AppPassword';
import { ConnectHelp } from './ConnectHelp';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
`;

/** docs/product.md §2.13, Settings › Subsonic apps: how to connect, the app password and the API keys. */
export function SubsonicAccessPanel() {
  return (
    <Stack>
      <ConnectHelp />
      <AppPassword />
      <ApiKeys />
    </Stack>
  );
}
