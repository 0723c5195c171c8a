import styled from 'styled-components';
import { useOnlineStatus } from './useOnlineStatus';

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  border-left: 4px solid ${({ theme }) => theme.color.warning};
`;

/** A page that only works online (the radio, the Music Box) says so while the app is offline. */
export function NeedsNetwork({ message }: { message: string }) {
  return useOnlineStatus() ? null : <Note>{message}</Note>;
}
