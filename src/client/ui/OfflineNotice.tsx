import styled from 'styled-components';
import { useOnlineStatus } from './useOnlineStatus';

export const OFFLINE_MESSAGE = 'You are offline. Wavelength will reconnect when the network is back.';

const Banner = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.text};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  border-left: 4px solid ${({ theme }) => theme.color.warning};
  overflow-wrap: anywhere;
`;

/**
 * A polite notice while the browser is offline. The status region stays in the page (empty when
 * online) so screen readers announce the message when it appears.
 */
export function OfflineNotice({ className }: { className?: string }) {
  const online = useOnlineStatus();
  return <div role="status">{online ? null : <Banner className={className}>{OFFLINE_MESSAGE}</Banner>}</div>;
}
