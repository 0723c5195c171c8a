import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useOnlineStatus } from './useOnlineStatus';

export const OFFLINE_MESSAGE = 'You are offline. Wavelength will reconnect when the network is back.';
/** Here, not in contract/offlineMessages.ts: the sign-in page shows this notice and carries only this string of them. */
export const KEPT_MUSIC_LINK = 'Music on this device';

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
 * A polite notice while the app cannot reach its server (the browser is offline, or the server
 * does not answer), with the way to the music kept on this device. The status region stays in the
 * page (empty when online) so screen readers announce the message when it appears.
 */
export function OfflineNotice({ className }: { className?: string }) {
  const online = useOnlineStatus();
  return (
    <div role="status">
      {online ? null : (
        <Banner className={className}>
          {OFFLINE_MESSAGE} <Link to="/kept">{KEPT_MUSIC_LINK}</Link>
        </Banner>
      )}
    </div>
  );
}
